import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareApps, type FrameworkLike } from './helpers/compare';
import type { SimpleRequest } from './helpers/server';

/**
 * A router of more than 16 layers is walked through its first-segment index, which remembers the
 * candidates of the last two pathnames. Requests that alternate among more paths than it keeps,
 * in other letter cases and with other segments, must reach the layers Express reaches.
 */
function buildApp(framework: FrameworkLike): ReturnType<FrameworkLike> {
  const app = framework();
  const api = framework.Router();
  for (let i = 0; i < 10; i++) {
    api.get(`/items${i}/:id`, (req, res) => {
      res.send(`show ${i} ${req.params.id}`);
    });
    api.post(`/items${i}`, (_req, res) => {
      res.status(201).send(`create ${i}`);
    });
    if (i === 4) {
      // An "always" layer in the middle: its position among the indexed ones must be kept.
      api.use((req, res, next) => {
        if (req.path.endsWith('/stop')) res.send('stopped at ' + req.path);
        else next();
      });
    }
  }
  api.get('/:any/:id', (req, res) => {
    res.send(`pattern ${req.params.any} ${req.params.id}`);
  });
  app.use('/api', api);
  return app;
}

describe('router stack index', () => {
  it('routes alternating paths as Express 4 does, whichever candidates it remembers', async () => {
    const paths: SimpleRequest[] = [
      { path: '/api/items1/7' },
      { method: 'POST', path: '/api/items1' },
      { path: '/api/items8/9' },
      { path: '/api/ITEMS1/7' },
      { path: '/api/items1/7' },
      { path: '/api/items9/stop' },
      { path: '/api/items2/stop' },
      { path: '/api/other/3' },
      { method: 'POST', path: '/api/items8' },
      { path: '/api/items8/9' },
      { path: '/api/items1/7' },
      { path: '/api/other/3' },
      { method: 'POST', path: '/api/other' },
      { path: '/api/items1/7?x=1' },
      { path: '/api/items8/9' },
    ];
    const requests = [...paths, ...paths];
    const compared = await compareApps(buildApp, requests);
    compared.forEach(({ portico, express }, i) => {
      const label = `${requests[i].method ?? 'GET'} ${requests[i].path}`;
      assert.equal(portico.status, express.status, label);
      if (express.status < 400) assert.equal(portico.text, express.text, label);
    });
    // The oracle answered as the app intends (so the comparison checks something).
    assert.deepEqual(
      compared.slice(0, 8).map((c) => c.express.text),
      ['show 1 7', 'create 1', 'show 8 9', 'show 1 7', 'show 1 7', 'stopped at /items9/stop', 'show 2 stop', 'pattern other 3'],
    );
  });

  /**
   * Apps edit `router.stack` after registration (hot reloading, route removal, reordering). The
   * index must follow every edit: the first matching layer of the edited stack answers.
   */
  type Stack = unknown[];
  const edits: Array<[string, (stack: Stack, router: { stack: Stack }) => void]> = [
    ['moves the last layer to the front', (stack) => stack.unshift(stack.pop())],
    ['swaps two layers of the same segment in the middle', (stack) => {
      const t = stack[3];
      stack[3] = stack[12];
      stack[12] = t;
    }],
    ['replaces the stack with a reversed copy', (stack, router) => {
      router.stack = stack.slice().reverse();
    }],
    ['removes a layer and appends another', (stack) => {
      stack.splice(3, 1);
      stack.push(stack[0]);
    }],
    // (Before the first request: instrumentation wraps layers as the app starts.)
    ['replaces a layer’s own match', (stack) => {
      const layer = stack[15] as { match(path: string): boolean };
      const own = layer.match;
      layer.match = function match(this: unknown, path: string) {
        return own.call(this, path.replace('/other/', '/s5/'));
      };
    }],
  ];
  for (const [name, edit] of edits) {
    it(`routes as Express 4 after an app ${name}`, async () => {
      const build = (framework: FrameworkLike): ReturnType<FrameworkLike> => {
        const app = framework();
        const router = framework.Router();
        for (let i = 0; i < 20; i++) {
          router.get(`/s${i % 10}/:id`, (req, res) => {
            res.send(`layer ${i} ${req.params.id}`);
          });
        }
        app.use('/api', router);
        if (name.includes('own match')) edit(router.stack as Stack, router as unknown as { stack: Stack });
        // Once before the edit, so that the index exists when the stack changes.
        app.get('/warm', (_req, res) => {
          res.send('warm');
        });
        app.post('/edit', (_req, res) => {
          if (!name.includes('own match')) edit(router.stack as Stack, router as unknown as { stack: Stack });
          res.send('edited');
        });
        return app;
      };
      const requests: SimpleRequest[] = [
        { path: '/api/s3/1' },
        { path: '/api/s9/1' },
        { method: 'POST', path: '/edit' },
        { path: '/api/s3/1' },
        { path: '/api/s9/1' },
        { path: '/api/s2/1' },
        { path: '/api/other/1' },
      ];
      const compared = await compareApps(build, requests);
      compared.forEach(({ portico, express }, i) => {
        const label = `${requests[i].method ?? 'GET'} ${requests[i].path}`;
        assert.equal(portico.status, express.status, label);
        assert.equal(portico.text, express.text, label);
      });
      assert.equal(compared[0].express.text, 'layer 3 1');
    });
  }
});

