import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';
import { collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();

describe('req.param(name, [default]) (deprecated)', () => {
  it('looks in params, then body, then query, then returns the default', async () => {
    const app = portico();
    app.use((req: any, _res: any, next: any) => {
      req.body = { b: 'body', both: 'body', nil: null };
      next();
    });
    app.get('/:p/:both', (req: any, res: any) => {
      res.json([req.param('p'), req.param('both'), req.param('b'), req.param('q'), req.param('nil'), req.param('none', 'dflt'), req.param('none')]);
    });
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { path: '/path/params?q=query&nil=fromquery&b=ignored' });
      assert.deepEqual(JSON.parse(res.text), ['path', 'params', 'body', 'query', 'fromquery', 'dflt', null]);
    });
  });

  it('emits a DeprecationWarning naming both forms', () => {
    assert.ok(warnings.includes('req.param(name): Use req.params, req.body, or req.query instead'));
    assert.ok(warnings.includes('req.param(name, default): Use req.params, req.body, or req.query instead'));
  });
});
