import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { inherits } from 'node:util';
import type { Application, NextFunction, Request, Response } from 'express';
import { compareApps, type FrameworkLike } from '../helpers/compare';
import type { SimpleRequest, SimpleResponse } from '../helpers/server';
import { tplEngine, viewsDir } from '../fixtures/views/tpl-engine';
import { reportError } from '../fixtures/views/harness';

/**
 * Differential render cases: each builds the same app on Portico and on express@4, and the
 * responses must agree on status, Content-Type, Content-Length and body. Error cases answer
 * with the message their error handler received (first line; paths normalised).
 */
interface RenderCase {
  title: string;
  setup?: (app: Application, framework: FrameworkLike) => void;
  route: (req: Request, res: Response, next: NextFunction) => void;
  requests?: SimpleRequest[];
}

type Engine = Parameters<Application['engine']>[1];
const tpl = tplEngine as unknown as Engine;
const fixtures = join(viewsDir('main'), '..');

/** An engine for the given extension's test files, as an Express-typed function. */
function engine(fn: (path: string, options: Record<string, unknown>, cb: (err: unknown, html?: string) => void) => void): Engine {
  return fn as unknown as Engine;
}

const cases: RenderCase[] = [
  { title: 'ejs loaded by extension', route: (_q, s) => s.render('user.ejs', { name: '<Ada>', items: [1, 2] }) },
  { title: 'pug loaded by extension', route: (_q, s) => s.render('user.pug', { name: 'Ada', items: ['a'] }) },
  {
    title: 'hbs with its layout, as the view engine',
    setup: (app) => {
      app.set('views', viewsDir('hbs'));
      app.set('view engine', 'hbs');
    },
    route: (_q, s) => s.render('page', { name: 'Ada', items: ['x'] }),
  },
  { title: 'hand-written engine by extension', route: (_q, s) => s.render('hello.tpl', { name: 'n' }) },
  { title: 'view engine without a dot', setup: (app) => app.set('view engine', 'tpl'), route: (_q, s) => s.render('hello') },
  { title: 'view engine with a dot', setup: (app) => app.set('view engine', '.tpl'), route: (_q, s) => s.render('hello') },
  { title: "name's own extension over view engine", setup: (app) => app.set('view engine', 'tpl'), route: (_q, s) => s.render('user.ejs', { name: 'e' }) },
  { title: 'view engine ejs with a name without extension', setup: (app) => app.set('view engine', 'ejs'), route: (_q, s) => s.render('user', { name: 'e' }) },
  { title: 'name/index.ext', setup: (app) => app.set('view engine', 'tpl'), route: (_q, s) => s.render('blog', { title: 'B' }) },
  { title: 'name/ with a trailing slash', setup: (app) => app.set('view engine', 'tpl'), route: (_q, s) => s.render('blog/', { title: 'B' }) },
  { title: 'name.ext preferred over name/index.ext', setup: (app) => app.set('view engine', 'tpl'), route: (_q, s) => s.render('article', { name: 'a' }) },
  { title: 'nested directories', route: (_q, s) => s.render('nested/deep/page.tpl', { name: 'd' }) },
  { title: 'index.ejs in a directory', setup: (app) => app.set('view engine', 'ejs'), route: (_q, s) => s.render('blog', { title: 'E' }) },
  { title: 'array of views: first directory wins', setup: (app) => app.set('views', [viewsDir('main'), viewsDir('extra')]), route: (_q, s) => s.render('shadow.tpl') },
  { title: 'array of views: found in the second', setup: (app) => app.set('views', [viewsDir('main'), viewsDir('extra')]), route: (_q, s) => s.render('only-extra.tpl', { name: 'x' }) },
  { title: 'views relative to the working directory', setup: (app) => app.set('views', 'test/fixtures/views/extra'), route: (_q, s) => s.render('only-extra.tpl', { name: 'r' }) },
  { title: 'absolute view path', setup: (app) => app.set('views', '/nowhere'), route: (_q, s) => s.render(join(viewsDir('extra'), 'shadow.tpl')) },
  {
    title: 'absolute view path without extension',
    setup: (app) => {
      app.set('views', '/nowhere');
      app.set('view engine', 'tpl');
    },
    route: (_q, s) => s.render(join(viewsDir('main'), 'hello'), { name: 'abs' }),
  },
  { title: 'missing view, one directory', route: (_q, s) => s.render('absent.tpl') },
  { title: 'missing view, array of one', setup: (app) => app.set('views', [viewsDir('main')]), route: (_q, s) => s.render('absent.tpl') },
  { title: 'missing view, two directories', setup: (app) => app.set('views', [viewsDir('main'), viewsDir('extra')]), route: (_q, s) => s.render('absent.tpl') },
  {
    title: 'missing view, three directories',
    setup: (app) => app.set('views', [viewsDir('main'), viewsDir('extra'), '/nowhere']),
    route: (_q, s) => s.render('absent.tpl'),
  },
  { title: 'missing view, relative views directory', setup: (app) => app.set('views', 'no/such/dir'), route: (_q, s) => s.render('absent.tpl') },
  { title: 'missing absolute view', route: (_q, s) => s.render('/no/such/view.tpl') },
  { title: 'a path through a file is not a view', route: (_q, s) => s.render('hello.tpl/child.tpl') },
  { title: 'a directory is not a view', route: (_q, s) => s.render('folder.tpl') },
  { title: 'empty view name', setup: (app) => app.set('view engine', 'tpl'), route: (_q, s) => s.render('') },
  { title: 'no extension and no default engine', route: (_q, s) => s.render('hello') },
  { title: 'module without __express', route: (_q, s) => s.render('hello.path') },
  { title: 'engine module not installed', route: (_q, s) => s.render('hello.no-such-engine-module') },
  { title: 'upper-case extension loads its own module name', route: (_q, s) => s.render('hello.TPL') },
  {
    title: 'engine calling back with an error',
    setup: (app) => app.engine('errback', engine((_p, _o, cb) => cb(new Error('engine said no')))),
    route: (_q, s) => s.render(join(viewsDir('errors'), 'fail.errback')),
  },
  {
    title: 'engine throwing synchronously',
    setup: (app) =>
      app.engine('boom', engine(() => {
        throw new Error('engine exploded');
      })),
    route: (_q, s) => s.render(join(viewsDir('errors'), 'fail.boom')),
  },
  {
    title: 'engine calling back twice sends the first result',
    setup: (app) =>
      app.engine('twice', engine((_p, _o, cb) => {
        cb(null, 'one');
        cb(null, 'two');
      })),
    route: (_q, s) => s.render(join(viewsDir('errors'), 'fail.twice')),
  },
  {
    title: 'locals precedence: app, then res, then call',
    setup: (app) => {
      app.locals.fromApp = 'app';
      app.locals.fromRes = 'app';
      app.locals.shared = 'app';
    },
    route: (_q, s) => {
      s.locals.fromRes = 'res';
      s.locals.shared = 'res';
      s.render('locals.tpl', { fromCall: 'call' });
    },
  },
  {
    title: 'option keys the engine receives, in order',
    setup: (app) => {
      app.locals.a = 1;
      app.engine('keys', engine((_p, o, cb) => cb(null, JSON.stringify({ keys: Object.keys(o), locals: o._locals, cache: o.cache }))));
    },
    route: (_q, s) => {
      s.locals.b = 2;
      s.render('options.keys', { c: 3 });
    },
  },
  {
    title: 'res.render with a callback sends nothing itself',
    route: (_q, s) => s.render('hello.tpl', { name: 'cb' }, (err: Error, html: string) => s.type('text').send(`got ${String(err)} ${html}`)),
  },
  {
    title: 'res.render(view, callback) receives the lookup error',
    route: (_q, s) => s.render('absent.tpl', (err: Error) => s.status(404).send(err.message)),
  },
  {
    title: 'status set before rendering is kept',
    route: (_q, s) => {
      s.status(202);
      s.render('hello.tpl');
    },
  },
  {
    title: 'Content-Type set before rendering is kept',
    route: (_q, s) => {
      s.type('text/plain');
      s.render('hello.tpl');
    },
  },
  { title: 'HEAD request', route: (_q, s) => s.render('hello.tpl', { name: 'h' }), requests: [{ method: 'HEAD' }] },
  {
    title: "falsy locals ('', 0, false) stand for none",
    route: (q, s) => s.render('hello.tpl', [undefined, '', 0, false][Number(q.query.i)] as unknown as object),
    requests: [{ path: '/?i=0' }, { path: '/?i=1' }, { path: '/?i=2' }, { path: '/?i=3' }],
  },
  {
    title: 'a callback throwing during a synchronous engine is called again with the error',
    setup: (app) => app.engine('twice', engine((_p, _o, cb) => cb(null, 'sync html'))),
    route: (_q, s) =>
      s.render(join(viewsDir('errors'), 'fail.twice'), (err: Error, html: string) => {
        if (err) {
          s.status(418).send(`second call: ${err.message}`);
          return;
        }
        throw new Error(`could not use ${html}`);
      }),
  },
  {
    title: 'the callback sees every call of an engine calling back twice',
    setup: (app) =>
      app.engine('twice', engine((_p, _o, cb) => {
        cb(null, 'one');
        cb(new Error('two'));
      })),
    route: (_q, s) => {
      const calls: string[] = [];
      s.render(join(viewsDir('errors'), 'fail.twice'), (err: Error, html: string) => {
        calls.push(err ? `error ${err.message}` : `html ${html}`);
        if (calls.length === 1) setImmediate(() => s.send(calls.join('|')));
      });
    },
  },
  {
    title: 'an engine throwing after it called back reaches the callback',
    setup: (app) =>
      app.engine('twice', engine((_p, _o, cb) => {
        cb(null, 'one');
        throw new Error('late');
      })),
    route: (_q, s) => {
      const calls: string[] = [];
      s.render(join(viewsDir('errors'), 'fail.twice'), (err: Error, html: string) => {
        calls.push(err ? `error ${err.message}` : `html ${html}`);
        if (calls.length === 1) setImmediate(() => s.send(calls.join('|')));
      });
    },
  },
  {
    title: 'a subclass of the default View written with View.call and util.inherits',
    setup: (app) => {
      const Base = app.get('view') as (this: object, name: string, options: object) => void;
      function PrefixedView(this: { name: string }, name: string, options: object): void {
        Base.call(this, name, options);
      }
      inherits(PrefixedView, Base);
      app.set('view', PrefixedView);
    },
    route: (_q, s) => s.render('hello.tpl', { name: 'inherited' }),
  },
  { title: 'view engine given as an array is used as given', setup: (app) => app.set('view engine', ['.tpl']), route: (_q, s) => s.render('hello') },
  { title: 'view engine given as a number', setup: (app) => app.set('view engine', 5), route: (_q, s) => s.render('hello') },
  { title: 'a view setting that is not a constructor', setup: (app) => app.set('view', undefined), route: (_q, s) => s.render('hello.tpl') },
  {
    title: 'app.render merges a truthy non-object _locals by its enumerable keys',
    setup: (app) => app.engine('keys', engine((_p, o, cb) => cb(null, JSON.stringify(Object.keys(o))))),
    route: (q, s) => q.app.render('options.keys', { _locals: 'ab' }, (err, html) => s.send(err ? err.message : html)),
  },
  { title: 'view cache setting reaches the engine', setup: (app) => app.enable('view cache'), route: (_q, s) => s.render('locals.tpl') },
  { title: 'cache local false with the setting on', setup: (app) => app.enable('view cache'), route: (_q, s) => s.render('locals.tpl', { cache: false }) },
  { title: 'cache local true', route: (_q, s) => s.render('locals.tpl', { cache: true }), requests: [{}, {}] },
  {
    title: 'app.render inside a route',
    setup: (app) => {
      app.locals.name = 'app.render';
    },
    route: (q, s) => q.app.render('hello.tpl', (err: Error, html: string) => s.send(`${String(err)}|${html}`)),
  },
  {
    title: 'app.render with null or undefined locals fails on reading their _locals',
    route: (q, s) => {
      try {
        q.app.render('hello.tpl', [null, undefined][Number(q.query.i)] as unknown as object, (err: Error, html: string) => s.send(`${String(err)}|${html}`));
      } catch (err) {
        s.status(500).send(`${(err as Error).name}: ${(err as Error).message}`);
      }
    },
    requests: [{ path: '/?i=0' }, { path: '/?i=1' }],
  },
  {
    title: 'app.render with a missing view',
    route: (q, s) => q.app.render('absent.tpl', {}, (err) => s.status(404).send(err?.message)),
  },
  {
    title: 'custom View class from the view setting',
    setup: (app) => {
      class StaticView {
        path: string;
        constructor(public name: string, public options: { defaultEngine: unknown }) {
          this.path = name === 'absent' ? '' : `virtual:${name}`;
        }
        render(o: Record<string, unknown>, cb: (err: Error | null, html?: string) => void): void {
          cb(null, `${this.path} engine=${String(this.options.defaultEngine)} who=${String(o.who)}`);
        }
      }
      app.set('view', StaticView);
      app.set('view engine', 'tpl');
    },
    route: (q, s) => s.render(String(q.query.v), { who: 'me' }),
    requests: [{ path: '/?v=page' }, { path: '/?v=absent' }],
  },
  {
    title: 'sub-app inherits view engine and engines, keeps its own views default',
    setup: (app, framework) => {
      app.set('view engine', 'tpl');
      const sub = framework();
      sub.get('/', (_q, s) => s.render('hello'));
      sub.get('/own', (_q, s) => {
        sub.set('views', viewsDir('main'));
        s.render('hello', { name: 'sub' });
      });
      app.use('/sub', sub);
    },
    route: (_q, s) => s.render('hello', { name: 'parent' }),
    requests: [{ path: '/sub' }, { path: '/sub/own' }, { path: '/' }],
  },
];

/** Builds one case's app on the given framework: fixture views, the `.tpl` engine, the route, the error handler. */
function buildCase(c: RenderCase) {
  return (framework: FrameworkLike) => {
    const app = framework();
    app.set('views', viewsDir('main'));
    app.engine('tpl', tpl);
    c.setup?.(app, framework);
    app.all('/', c.route);
    app.use(reportError);
    return app;
  };
}

/** The parts of a response both frameworks must agree on, with local paths normalised. */
function observable(res: SimpleResponse) {
  const text = res.text.split(fixtures).join('<fixtures>').split(process.cwd()).join('<cwd>');
  return {
    status: res.status,
    type: res.headers['content-type'],
    length: res.headers['content-length'],
    text,
  };
}

describe('views compared with express@4', () => {
  it('has at least 30 render cases', () => {
    assert.ok(cases.length >= 30, `only ${cases.length} cases`);
  });

  for (const c of cases) {
    it(`${c.title}: same response`, async () => {
      const pairs = await compareApps(buildCase(c), c.requests ?? [{}]);
      for (const { portico, express } of pairs) {
        assert.deepEqual(observable(portico), observable(express));
      }
    });
  }
});
