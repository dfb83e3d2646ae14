import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';

describe('portico.query([options])', () => {
  it('leaves the lazily parsed req.query in place', async () => {
    const app = portico();
    app.use(portico.query());
    app.get('/', (req, res) => res.json(req.query));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/?a[b]=1' })).text, '{"a":{"b":"1"}}');
    });
  });

  it('parses with its own options or parser function when req.query was cleared', async () => {
    const app = portico();
    app.use((req, _res, next) => {
      (req as unknown as { query: unknown }).query = undefined;
      next();
    });
    app.use(portico.query((str: string) => ({ raw: str })));
    app.get('/', (req, res) => res.json(req.query));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/?x=1&y=2' })).text, '{"raw":"x=1&y=2"}');
    });
  });

  it('uses qs with the given options', async () => {
    const app = portico();
    app.use((req, _res, next) => {
      (req as unknown as { query: unknown }).query = null;
      next();
    });
    app.use(portico.query({ depth: 0 }));
    app.get('/', (req, res) => res.json(req.query));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: "/?a[b]=1" })).text, JSON.stringify({ "a[b]": "1" }));
    });
  });
});
