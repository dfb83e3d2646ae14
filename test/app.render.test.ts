import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { inherits } from 'node:util';
import portico from '../src/index';
import type { PorticoRequest } from '../src/request/request';
import type { PorticoResponse } from '../src/response/response';
import type { EngineCallback, ViewOptions } from '../src/views/types';
import { View } from '../src/views/view';
import { tplEngine, viewsDir } from './fixtures/views/tpl-engine';
import { fetchFrom, reportError } from './fixtures/views/harness';

type App = ReturnType<typeof portico>;

/** An app on the fixture views with the hand-written engine registered for `.tpl`. */
function tplApp(views: string | string[] = viewsDir('main')): App {
  const app = portico();
  app.set('views', views);
  app.engine('tpl', tplEngine);
  return app;
}

/**
 * Serves `GET /` by calling app.render(name, locals) and answering `html: …` or `error: …`
 * in plain text, so every assertion goes over HTTP. app.render itself sends nothing.
 */
function renderOver(app: App, name: string, locals?: Record<string, unknown>): Promise<string> {
  app.get('/', (_req: PorticoRequest, res: PorticoResponse) => {
    const done: EngineCallback = (err, html) => {
      assert.equal(res.headersSent, false);
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(err ? `error: ${err.message}` : `html: ${html}`);
    };
    if (locals === undefined) app.render(name, done);
    else app.render(name, locals, done);
  });
  app.use(reportError);
  return fetchFrom(app, '/').then((res) => res.text);
}

describe('app.render(view, locals, callback)', () => {
  it('calls back with the HTML and sends nothing', async () => {
    assert.equal(await renderOver(tplApp(), 'hello.tpl', { name: 'Ada' }), 'html: <p>Hello Ada</p>\n');
  });

  it('accepts the callback in place of the locals', async () => {
    const app = tplApp();
    app.locals.name = 'from app.locals';
    assert.equal(await renderOver(app, 'hello.tpl'), 'html: <p>Hello from app.locals</p>\n');
  });

  it('lets the call override app.locals and exposes the settings', async () => {
    let settingsSeen: unknown;
    const app = portico();
    app.set('views', viewsDir('main'));
    app.engine('tpl', (path: string, options: Record<string, unknown>, cb: EngineCallback) => {
      settingsSeen = options.settings;
      tplEngine(path, options, cb);
    });
    app.locals.fromApp = 'app';
    app.locals.shared = 'app';
    const text = await renderOver(app, 'locals.tpl', { fromCall: 'call', shared: 'call' });
    assert.equal(text, 'html: app=app res= call=call shared=call cache=false\n');
    assert.equal(settingsSeen, app.settings);
  });

  it('merges options._locals between app.locals and the call', async () => {
    const app = tplApp();
    app.locals.fromApp = 'app';
    app.locals.shared = 'app';
    const text = await renderOver(app, 'locals.tpl', { _locals: { fromRes: 'res', shared: 'res' } });
    assert.equal(text, 'html: app=app res=res call= shared=res cache=false\n');
  });

  it('does not change app.locals', async () => {
    const app = tplApp();
    await renderOver(app, 'hello.tpl', { name: 'x' });
    assert.deepEqual(Object.keys(app.locals), ['settings']);
  });

  it('calls the engine with the view as this, the file path and the options', async () => {
    const receivers: unknown[] = [];
    let file: unknown;
    const app = portico();
    app.set('views', viewsDir('main'));
    app.engine('tpl', function (this: unknown, path: string, _options: Record<string, unknown>, cb: EngineCallback) {
      receivers.push(this);
      file = path;
      cb(null, 'ok');
    });
    assert.equal(await renderOver(app, 'hello.tpl'), 'html: ok');
    assert.equal(receivers.length, 1);
    assert.ok(receivers[0] instanceof View);
    assert.equal(file, join(viewsDir('main'), 'hello.tpl'));
  });

  it('hands an engine error to the callback', async () => {
    const app = portico();
    app.set('views', viewsDir('errors'));
    app.engine('errback', (_p: string, _o: Record<string, unknown>, cb: EngineCallback) => cb(new Error('engine said no')));
    assert.equal(await renderOver(app, 'fail.errback'), 'error: engine said no');
  });

  it('hands an engine that throws synchronously to the callback', async () => {
    const app = portico();
    app.set('views', viewsDir('errors'));
    app.engine('boom', () => {
      throw new Error('engine exploded');
    });
    assert.equal(await renderOver(app, 'fail.boom'), 'error: engine exploded');
  });

  it('calls back as often as the engine calls back', () => {
    const app = portico();
    app.set('views', viewsDir('errors'));
    app.engine('twice', (_p: string, _o: Record<string, unknown>, cb: EngineCallback) => {
      cb(null, 'one');
      cb(null, 'two');
    });
    const calls: unknown[] = [];
    app.render('fail.twice', (err, html) => calls.push(err ?? html));
    assert.deepEqual(calls, ['one', 'two']);
  });

  it('calls back again with the error when the callback throws during a synchronous render', () => {
    const app = portico();
    app.set('views', viewsDir('errors'));
    app.engine('twice', (_p: string, _o: Record<string, unknown>, cb: EngineCallback) => cb(null, 'html'));
    const calls: unknown[] = [];
    app.render('fail.twice', (err, html) => {
      calls.push(err ? err.message : html);
      if (!err) throw new Error('callback failed');
    });
    assert.deepEqual(calls, ['html', 'callback failed']);
  });

  it('lets a throw from that second call propagate', () => {
    const app = portico();
    app.set('views', viewsDir('errors'));
    app.engine('twice', (_p: string, _o: Record<string, unknown>, cb: EngineCallback) => cb(null, 'html'));
    let calls = 0;
    assert.throws(() => app.render('fail.twice', () => {
      calls++;
      throw new Error(`callback failed ${calls}`);
    }), { message: 'callback failed 2' });
    assert.equal(calls, 2);
  });

  it('calls back with the error an engine throws after it called back', () => {
    const app = portico();
    app.set('views', viewsDir('errors'));
    app.engine('twice', (_p: string, _o: Record<string, unknown>, cb: EngineCallback) => {
      cb(null, 'html');
      throw new Error('engine failed late');
    });
    const calls: unknown[] = [];
    app.render('fail.twice', (err, html) => calls.push(err ? err.message : html));
    assert.deepEqual(calls, ['html', 'engine failed late']);
  });

  it('does not call back twice when the callback throws on a missing view', () => {
    const app = tplApp();
    let calls = 0;
    assert.throws(() => app.render('absent.tpl', () => {
      calls++;
      throw new Error('callback failed');
    }), { message: 'callback failed' });
    assert.equal(calls, 1);
  });

  it('throws when there is neither an extension nor a default engine', () => {
    const app = portico();
    assert.throws(() => app.render('hello', () => {}), {
      message: 'No default engine was specified and no extension was provided.',
    });
  });
});

describe('views setting', () => {
  it('defaults to the views directory of the working directory', async () => {
    const app = portico();
    assert.equal(app.get('views'), resolve('views'));
    app.engine('tpl', tplEngine);
    assert.equal(await renderOver(app, 'absent.tpl'), `error: Failed to lookup view "absent.tpl" in views directory "${resolve('views')}"`);
  });

  it('finds name/index.ext when name.ext does not exist', async () => {
    const app = tplApp();
    app.set('view engine', 'tpl');
    assert.equal(await renderOver(app, 'blog', { title: 'T' }), 'html: <h1>Blog index T</h1>\n');
  });

  it('prefers name.ext over name/index.ext', async () => {
    const app = tplApp();
    assert.equal(await renderOver(app, 'article.tpl', { name: 'n' }), 'html: article file n\n');
  });

  it('finds views in sub-directories', async () => {
    const app = tplApp();
    app.set('view engine', 'tpl');
    assert.equal(await renderOver(app, 'nested/deep/page', { name: 'n' }), 'html: <section>deep n</section>\n');
    assert.equal(await renderOver(tplApp(), 'blog/post.tpl', { title: 'P' }), 'html: <h2>Post P</h2>\n');
  });

  it('searches an array of directories in order, the first match winning', async () => {
    const dirs = [viewsDir('main'), viewsDir('extra')];
    assert.equal(await renderOver(tplApp(dirs), 'shadow.tpl'), 'html: shadow from main\n');
    assert.equal(await renderOver(tplApp(dirs), 'only-extra.tpl', { name: 'n' }), 'html: only in extra n\n');
  });

  it('names the single directory searched when the view is missing', async () => {
    const text = await renderOver(tplApp([viewsDir('main')]), 'absent.tpl');
    assert.equal(text, `error: Failed to lookup view "absent.tpl" in views directory "${viewsDir('main')}"`);
  });

  it('names every directory searched, in the plural form, when there are several', async () => {
    const two = await renderOver(tplApp([viewsDir('main'), viewsDir('extra')]), 'absent.tpl');
    assert.equal(two, `error: Failed to lookup view "absent.tpl" in views directories "${viewsDir('main')}" or "${viewsDir('extra')}"`);
    const three = await renderOver(tplApp([viewsDir('main'), viewsDir('extra'), '/nowhere']), 'absent.tpl');
    assert.equal(
      three,
      `error: Failed to lookup view "absent.tpl" in views directories "${viewsDir('main')}", "${viewsDir('extra')}" or "/nowhere"`,
    );
  });

  it('attaches the view to the lookup error', async () => {
    const app = tplApp();
    let error: unknown;
    app.get('/', (_req: PorticoRequest, res: PorticoResponse) => {
      app.render('absent.tpl', (err) => {
        error = err;
        res.end();
      });
    });
    await fetchFrom(app, '/');
    const view = (error as { view: View }).view;
    assert.ok(view instanceof View);
    assert.deepEqual(
      { name: view.name, ext: view.ext, root: view.root, path: view.path, engine: view.engine },
      { name: 'absent.tpl', ext: '.tpl', root: viewsDir('main'), path: undefined, engine: tplEngine },
    );
  });

  it('renders an absolute path whatever the views directories', async () => {
    const app = tplApp('/nowhere');
    assert.equal(await renderOver(app, join(viewsDir('extra'), 'only-extra.tpl'), { name: 'abs' }), 'html: only in extra abs\n');
    const withDefault = tplApp('/nowhere');
    withDefault.set('view engine', 'tpl');
    assert.equal(await renderOver(withDefault, join(viewsDir('main'), 'blog')), 'html: <h1>Blog index </h1>\n');
  });

  it('treats a path that runs through a file as not found', async () => {
    const text = await renderOver(tplApp(), 'hello.tpl/child.tpl');
    assert.equal(text, `error: Failed to lookup view "hello.tpl/child.tpl" in views directory "${viewsDir('main')}"`);
  });

  it('does not take a directory for a view', async () => {
    const text = await renderOver(tplApp(), 'folder.tpl');
    assert.equal(text, `error: Failed to lookup view "folder.tpl" in views directory "${viewsDir('main')}"`);
  });
});

describe('view engine setting', () => {
  it('supplies the extension of a name without one', async () => {
    const app = tplApp();
    app.set('view engine', 'tpl');
    assert.equal(await renderOver(app, 'hello', { name: 'n' }), 'html: <p>Hello n</p>\n');
  });

  it('accepts the extension with its leading dot', async () => {
    const app = tplApp();
    app.set('view engine', '.tpl');
    assert.equal(await renderOver(app, 'hello', { name: 'n' }), 'html: <p>Hello n</p>\n');
  });

  it("gives way to the name's own extension", async () => {
    const app = tplApp();
    app.set('view engine', 'tpl');
    assert.equal(await renderOver(app, 'user.ejs', { name: 'n' }), 'html: <p>n</p>\n\n');
  });

  it('is inherited by a sub-app, which keeps its own views default', async () => {
    const parent = portico();
    parent.set('views', viewsDir('main'));
    parent.set('view engine', 'ejs');
    const sub = portico();
    parent.use('/sub', sub);
    assert.equal(sub.get('view engine'), 'ejs');
    assert.equal(sub.get('views'), resolve('views'));
    sub.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render('user', { name: 'n' }));
    sub.get('/own', (_req: PorticoRequest, res: PorticoResponse) => res.render('page', { name: 'n' }));
    parent.use(reportError);
    const missing = await fetchFrom(parent, '/sub');
    assert.equal(missing.text, `error: Failed to lookup view "user" in views directory "${resolve('views')}" (view attached)`);
    sub.set('views', viewsDir('sub'));
    const own = await fetchFrom(parent, '/sub/own');
    assert.equal(own.text, '<p>sub-app page (ejs) n</p>\n');
  });
});

describe('view cache', () => {
  /** An app whose engine counts calls and whose View class counts lookups. */
  function countingApp() {
    const counts = { lookups: 0, renders: 0 };
    class CountingView extends View {
      override lookup(name: string): string | undefined {
        counts.lookups++;
        return super.lookup(name);
      }
    }
    const app = tplApp();
    app.set('view', CountingView);
    app.engine('tpl', (path: string, options: Record<string, unknown>, cb: EngineCallback) => {
      counts.renders++;
      tplEngine(path, options, cb);
    });
    return { app, counts };
  }

  it('is off outside production: each render looks the view up again', async () => {
    const { app, counts } = countingApp();
    await renderOver(app, 'hello.tpl');
    await renderOver(app, 'hello.tpl');
    assert.equal(counts.lookups, 2);
    assert.deepEqual(Object.keys(app.cache), []);
  });

  it('keeps the view in app.cache by name when enabled, and tells the engine', async () => {
    const { app, counts } = countingApp();
    app.enable('view cache');
    assert.equal(await renderOver(app, 'locals.tpl'), 'html: app= res= call= shared= cache=true\n');
    await renderOver(app, 'locals.tpl');
    assert.equal(counts.lookups, 1);
    assert.equal(counts.renders, 2);
    assert.ok(app.cache['locals.tpl'] instanceof View);
  });

  it('is enabled per render by the cache local', async () => {
    const { app, counts } = countingApp();
    await renderOver(app, 'hello.tpl', { cache: true });
    await renderOver(app, 'hello.tpl', { cache: true });
    assert.equal(counts.lookups, 1);
  });

  it('is disabled per render by a false cache local, even with the setting on', async () => {
    const { app, counts } = countingApp();
    app.enable('view cache');
    await renderOver(app, 'hello.tpl', { cache: false });
    await renderOver(app, 'hello.tpl', { cache: false });
    assert.equal(counts.lookups, 2);
  });

  it('does not keep a view that was not found', async () => {
    const { app } = countingApp();
    app.enable('view cache');
    await renderOver(app, 'absent.tpl');
    assert.deepEqual(Object.keys(app.cache), []);
  });

  it('is on by default in production', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let app: App;
    try {
      app = tplApp();
    } finally {
      process.env.NODE_ENV = saved;
    }
    assert.equal(app.enabled('view cache'), true);
    assert.equal(await renderOver(app, 'locals.tpl'), 'html: app= res= call= shared= cache=true\n');
    assert.ok(app.cache['locals.tpl'] instanceof View);
  });
});

describe('view setting', () => {
  it('defaults to the built-in View class', () => {
    assert.equal(portico().get('view'), View);
  });

  it('constructs the configured class with the name, default engine, root and engines', async () => {
    const seen: unknown[] = [];
    const app = tplApp();
    app.set('view engine', 'tpl');
    class StaticView {
      path: string;
      constructor(name: string, options: ViewOptions) {
        seen.push(name, options.defaultEngine, options.root, options.engines === app.engines);
        this.path = `virtual:${name}`;
      }
      render(options: Record<string, unknown>, cb: EngineCallback): void {
        cb(null, `${this.path} for ${String(options.who)}`);
      }
    }
    app.set('view', StaticView);
    assert.equal(await renderOver(app, 'anything', { who: 'me' }), 'html: virtual:anything for me');
    assert.deepEqual(seen, ['anything', 'tpl', viewsDir('main'), true]);
  });

  it("reports a missing view with the configured class's root", async () => {
    class NeverFound {
      root = ['/one', '/two'];
      path = '';
      render(): void {}
    }
    const app = tplApp();
    app.set('view', NeverFound);
    assert.equal(await renderOver(app, 'x'), 'error: Failed to lookup view "x" in views directories "/one" or "/two"');
  });

  it('accepts a subclass of the default written the pre-class way (View.call and util.inherits)', async () => {
    const app = tplApp();
    const Base = app.get('view') as typeof View;
    const names: string[] = [];
    function LoggingView(this: View, name: string, options: ViewOptions): void {
      names.push(name);
      (Base as unknown as (this: View, n: string, o: ViewOptions) => void).call(this, name, options);
    }
    inherits(LoggingView, Base);
    app.set('view', LoggingView);
    assert.equal(await renderOver(app, 'hello.tpl', { name: 'old style' }), 'html: <p>Hello old style</p>\n');
    assert.deepEqual(names, ['hello.tpl']);
  });

  it('fails on the missing engines map when constructed without options, as Express does', () => {
    const Base = portico().get('view') as new (name: string, options?: ViewOptions) => View;
    assert.throws(() => new Base('page.tpl'), { name: 'TypeError', message: "Cannot read properties of undefined (reading '.tpl')" });
  });

  it('throws "View is not a constructor" when the setting is not a constructor', () => {
    const app = tplApp();
    app.set('view', undefined);
    assert.throws(() => app.render('hello.tpl', () => {}), { name: 'TypeError', message: 'View is not a constructor' });
  });
});
