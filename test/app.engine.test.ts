import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ejs from 'ejs';
import portico from '../src/index';
import type { PorticoRequest } from '../src/request/request';
import type { PorticoResponse } from '../src/response/response';
import type { EngineCallback, EngineFunction } from '../src/views/types';
import { tplEngine, viewsDir } from './fixtures/views/tpl-engine';
import { fetchFrom, reportError } from './fixtures/views/harness';

type App = ReturnType<typeof portico>;

/** Serves `GET /` with res.render(name, locals) on the `main` fixture views. */
function serving(app: App, name: string, locals: Record<string, unknown> = {}) {
  app.set('views', viewsDir('main'));
  app.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render(name, locals));
  app.use(reportError);
  return fetchFrom(app, '/');
}

/** The __express export of an installed engine module. */
function expressExport(name: string): unknown {
  return (require(name) as { __express: unknown }).__express;
}

describe('app.engine(ext, fn)', () => {
  it('registers an extension given without its dot', async () => {
    const app = portico();
    app.engine('tpl', tplEngine);
    assert.equal(app.engines['.tpl'], tplEngine);
    assert.equal((await serving(app, 'hello.tpl', { name: 'n' })).text, '<p>Hello n</p>\n');
  });

  it('registers an extension given with its dot', async () => {
    const app = portico();
    app.engine('.tpl', tplEngine);
    assert.deepEqual(Object.keys(app.engines), ['.tpl']);
    assert.equal((await serving(app, 'hello.tpl', { name: 'n' })).text, '<p>Hello n</p>\n');
  });

  it('returns the app', () => {
    const app = portico();
    assert.equal(app.engine('tpl', tplEngine), app);
  });

  it('throws "callback function required" when fn is not a function', () => {
    const app = portico();
    for (const value of [undefined, 'ejs', {}, null]) {
      assert.throws(() => app.engine('tpl', value as unknown as EngineFunction), (err: unknown) => {
        assert.ok(err instanceof Error);
        assert.equal(err.message, 'callback function required');
        return true;
      });
    }
    assert.deepEqual(Object.keys(app.engines), []);
  });

  it('replaces an earlier registration for the same extension', async () => {
    const app = portico();
    app.engine('tpl', tplEngine);
    app.engine('.tpl', (_p: string, _o: Record<string, unknown>, cb: EngineCallback) => cb(null, 'second engine'));
    assert.equal((await serving(app, 'hello.tpl')).text, 'second engine');
  });

  it('maps another extension to a function that is not an __express export (ejs.renderFile for .html)', async () => {
    const app = portico();
    app.engine('html', ejs.renderFile as unknown as EngineFunction);
    app.set('view engine', 'html');
    const res = await serving(app, 'page', { name: '<x>' });
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.text, '<p>html file rendered by ejs: &lt;x&gt;</p>\n');
  });

  it('takes precedence over the module named after the extension', async () => {
    const app = portico();
    app.engine('ejs', (path: string, _o: Record<string, unknown>, cb: EngineCallback) => cb(null, `custom for ${path.slice(-8)}`));
    assert.equal((await serving(app, 'user.ejs')).text, 'custom for user.ejs');
  });

  it("is seen by a mounted sub-app through its parent's engines", async () => {
    const parent = portico();
    parent.engine('tpl', tplEngine);
    const sub = portico();
    sub.set('views', viewsDir('main'));
    sub.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render('hello.tpl', { name: 'sub' }));
    parent.use('/sub', sub);
    parent.use(reportError);
    assert.equal((await fetchFrom(parent, '/sub')).text, '<p>Hello sub</p>\n');
  });
});

describe('engine loaded from the extension', () => {
  for (const [name, view, expected] of [
    ['ejs', 'user.ejs', '<p>&lt;n&gt;</p>\n\n'],
    ['pug', 'user.pug', '<p>&lt;n&gt;</p>'],
  ] as const) {
    it(`requires "${name}", renders with its __express export and keeps it in app.engines`, async () => {
      const app = portico();
      const res = await serving(app, view, { name: '<n>' });
      assert.equal(res.status, 200);
      assert.equal(res.text, expected);
      assert.equal(app.engines[`.${name}`], expressExport(name));
    });
  }

  it('loads the module of the view engine setting for names without an extension', async () => {
    const app = portico();
    app.set('view engine', 'pug');
    assert.equal((await serving(app, 'user', { name: 'p' })).text, '<p>p</p>');
    assert.equal(app.engines['.pug'], expressExport('pug'));
  });

  it('reports a module that has no __express export', async () => {
    const app = portico();
    const res = await serving(app, 'hello.path');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'error: Module "path" does not provide a view engine.');
    assert.equal(app.engines['.path'], undefined);
  });

  it('reports a module that is not installed with Node\'s own error', async () => {
    const app = portico();
    let code: unknown;
    app.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render('hello.no-such-engine-module'));
    app.use((err: unknown, _req: PorticoRequest, res: PorticoResponse, _next: unknown) => {
      code = (err as { code?: unknown }).code;
      res.end((err as Error).message.split('\n')[0]);
    });
    const res = await fetchFrom(app, '/');
    assert.equal(res.text, "Cannot find module 'no-such-engine-module'");
    assert.equal(code, 'MODULE_NOT_FOUND');
  });

  it('reports a module that exports a bare function', async () => {
    // "ms" exports a plain function with no __express property.
    const res = await serving(portico(), 'hello.ms');
    assert.equal(res.text, 'error: Module "ms" does not provide a view engine.');
  });
});
