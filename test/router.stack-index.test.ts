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
});
