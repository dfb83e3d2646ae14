import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import portico from '../../src/index';
import legacy from '../../src/legacy/index';
import { startServer, send, type Listener } from '../helpers/server';
import type { FrameworkLike } from '../helpers/compare';

/*
 * The `express.router.request` tracing channel, differentially: the same app is built on Portico
 * and on express@5.3 (whose router 2.3 publishes the channel, the contract), each request is sent
 * over HTTP, and the events each one published are compared in order: event kind, `route`, the
 * handler (by name), `param`, `errorHandler`, `error` and `incomingError` (by identity within the
 * request and message), `result`, and which fields the context has. Express 4 publishes nothing;
 * the apps use only what Express 4 and 5 agree on (plain `:param` paths, promise handling as
 * Portico and Express 5 both do it).
 */

const requireHere = createRequire(__filename);
const express5 = requireHere('express5') as FrameworkLike;

type Ctx = Record<string, unknown> & { req: unknown; handler?: { name?: string } };

const channel = diagnostics.tracingChannel<Ctx>('express.router.request');
let events: Array<{ kind: string; ctx: Ctx; snapshot: string }> = [];
let errorLabels = new Map<unknown, string>();

function label(err: unknown): string {
  if (err === undefined) return '-';
  let name = errorLabels.get(err);
  if (name === undefined) {
    name = 'E' + (errorLabels.size + 1) + '(' + (err instanceof Error ? err.message : String(err)) + ')';
    errorLabels.set(err, name);
  }
  return name;
}

function show(value: unknown, ctx?: Ctx): string {
  if (typeof value === 'function') return 'fn:' + (value.name || '?');
  if (value instanceof RegExp) return String(value);
  // A handler that returns `res.send(…)` returns the response.
  if (ctx !== undefined && value === ctx.res) return 'res';
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return 'object:' + (value as object).constructor?.name;
  }
}

/** What one event says, read when it is published (the context changes afterwards). */
function snapshot(kind: string, ctx: Ctx): string {
  return [
    kind,
    'route=' + show(ctx.route),
    'handler=' + (ctx.handler?.name || '?'),
    'param=' + show(ctx.param),
    'errorHandler=' + show(ctx.errorHandler),
    'error=' + ('error' in ctx ? label(ctx.error) : 'unset'),
    'incoming=' + ('incomingError' in ctx ? label(ctx.incomingError) : 'unset'),
    'result=' + ('result' in ctx ? show(ctx.result, ctx) : 'unset'),
    'fields=' + Object.keys(ctx).sort().join(','),
  ].join(' ');
}

const record = (kind: string) => (message: unknown) => {
  const ctx = message as Ctx;
  events.push({ kind, ctx, snapshot: snapshot(kind, ctx) });
};
const subscribers = {
  start: record('start'),
  end: record('end'),
  asyncStart: record('asyncStart'),
  asyncEnd: record('asyncEnd'),
  error: record('error'),
};

let compared = 0;

/** Each request on `app`: its status, body and the events it published (in order). */
async function trace(app: Listener, paths: string[]): Promise<Array<{ answer: string; events: string[] }>> {
  const server = await startServer(app);
  try {
    const out = [];
    for (const path of paths) {
      events = [];
      errorLabels = new Map();
      const res = await send(server.port, { path });
      // Promises settle and late next(err) calls land after the answer: give them a moment.
      await new Promise((resolve) => setTimeout(resolve, 30));
      out.push({ answer: res.status + ' ' + res.text.slice(0, 60), events: events.map((e) => e.snapshot) });
    }
    return out;
  } finally {
    await server.close();
  }
}

/** The same app on Portico and on Express 5.3: the same answers and the same events. */
async function sameEvents(buildPortico: () => Listener, buildOracle: () => Listener, paths: string[], statusOnly = false): Promise<void> {
  const ours = await trace(buildPortico(), paths);
  const theirs = await trace(buildOracle(), paths);
  paths.forEach((path, i) => {
    const answer = (text: string): string => (statusOnly ? text.slice(0, 3) : text);
    assert.equal(answer(ours[i].answer), answer(theirs[i].answer), path + ': answer');
    assert.deepEqual(ours[i].events, theirs[i].events, path + ': events');
    compared += theirs[i].events.length;
  });
}

/** One app built on either framework (Express 4's API, which Express 5 keeps for these). */
function both(build: (framework: FrameworkLike) => Listener, paths: string[]): Promise<void> {
  return sameEvents(() => build(portico as unknown as FrameworkLike), () => build(express5), paths);
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('express.router.request, compared with express@5.3', () => {
  before(() => channel.subscribe(subscribers));
  after(() => channel.unsubscribe(subscribers));

  it('app and router middleware, routes with several handlers, mounted routers and sub-apps, 404s', async () => {
    await both(
      (framework) => {
        const app = framework();
        app.use(function logger(_req, _res, next) {
          next();
        });
        const router = framework.Router();
        router.use(function inRouter(_req, _res, next) {
          next();
        });
        router.get(
          '/users/:id',
          function load(_req, _res, next) {
            next();
          },
          function check(_req, _res, next) {
            next();
            return 'checked';
          },
          function show(req, res) {
            res.send('user ' + req.params.id);
          },
        );
        app.use('/api', router);
        const sub = framework();
        sub.get('/page', function page(_req, res) {
          res.send('sub page');
        });
        app.use('/sub', sub);
        app.use('/mounted/at', function atPath(_req, _res, next) {
          next();
        });
        return app as unknown as Listener;
      },
      ['/api/users/7', '/sub/page', '/mounted/at/x', '/nowhere', '/api/nothing'],
    );
  });

  it('app.route() chains, HEAD through GET, and next("route") / next("router")', async () => {
    await both(
      (framework) => {
        const app = framework();
        app
          .route('/chain')
          .all(function everyMethod(_req, _res, next) {
            next();
          })
          .get(function getChain(_req, res) {
            res.send('got');
          })
          .post(function postChain(_req, res) {
            res.send('posted');
          });
        app.get(
          '/skip',
          function skipper(_req, _res, next) {
            next('route');
          },
          function skipped(_req, res) {
            res.send('never');
          },
        );
        app.get('/skip', function afterSkip(_req, res) {
          res.send('second route');
        });
        const router = framework.Router();
        router.use(function leave(_req, _res, next) {
          next('router');
        });
        router.get('/out', function unreached(_req, res) {
          res.send('never');
        });
        app.use('/r', router);
        app.get('/r/out', function outside(_req, res) {
          res.send('outside the router');
        });
        return app as unknown as Listener;
      },
      ['/chain', '/skip', '/r/out'],
    );
  });

  it('router.param callbacks: route, param and handler; a cached value does not call them again', async () => {
    await both(
      (framework) => {
        const app = framework();
        app.param('id', function loadId(req, _res, next, id) {
          (req as unknown as { loaded: string }).loaded = String(id);
          next();
        });
        app.param('bad', function rejectBad(_req, _res, next, value) {
          if (value === 'no') next(new Error('bad value'));
          else next();
        });
        app.get('/items/:id', function first(_req, _res, next) {
          next();
        });
        app.get('/items/:id', function second(req, res) {
          res.send('item ' + (req as unknown as { loaded: string }).loaded);
        });
        app.get('/check/:bad', function checked(_req, res) {
          res.send('ok');
        });
        app.use(function fallback(err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) {
          res.status(500).send('handled ' + err.message);
        });
        return app as unknown as Listener;
      },
      ['/items/3', '/check/no', '/check/yes'],
    );
  });

  it('errors: sync throws, next(err), rejected and resolved promises, error handlers that recover, replace or rethrow', async () => {
    await both(
      (framework) => {
        const app = framework();
        app.get('/throw', function thrower() {
          throw new Error('thrown');
        });
        app.get('/next', function nexter(_req, _res, next) {
          next(new Error('passed'));
          return 'returned';
        });
        app.get('/reject', async function rejecter() {
          await tick();
          throw new Error('rejected');
        });
        app.get('/resolve', async function resolver(_req, res) {
          await tick();
          res.send('resolved');
          return { value: 42 };
        });
        app.get('/next-then-promise', function nextThenPromise(_req, _res, next) {
          next(new Error('early'));
          return Promise.resolve('late');
        });
        app.get('/later', function later(_req, _res, next) {
          setTimeout(() => next(new Error('after end')), 1);
        });
        app.get('/replace', function toReplace(_req, _res, next) {
          next(new Error('original'));
        });
        app.get('/rethrow', function toRethrow(_req, _res, next) {
          next(new Error('rethrown'));
        });
        app.get('/recover', function toRecover(_req, _res, next) {
          next(new Error('recoverable'));
        });
        app.get('/string', function stringError(_req, _res, next) {
          next('a string');
        });
        app.get('/decode/:value', function decoded(_req, res) {
          res.send('never');
        });
        app.use(function passOn(err: unknown, _req: unknown, _res: unknown, next: (e?: unknown) => void) {
          next(err);
        });
        app.use(function changeOrKeep(err: Error, _req: unknown, res: { send(s: string): void }, next: (e?: unknown) => void) {
          if (err.message === 'original') return next(new Error('replacement'));
          if (err.message === 'rethrown') throw err;
          if (err.message === 'recoverable') return res.send('recovered');
          return next(err);
        });
        app.use(function recoverAfter(_req, res) {
          res.send('after recovery');
        });
        app.use(function last(err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) {
          res.status(500).send('last ' + (err instanceof Error ? err.message : String(err)));
        });
        return app as unknown as Listener;
      },
      ['/throw', '/next', '/reject', '/resolve', '/next-then-promise', '/later', '/replace', '/rethrow', '/recover', '/string', '/decode/%E0%A4%A'],
    );
  });

  it('error handlers inside a mounted router and a sub-app, and an error leaving them', async () => {
    await both(
      (framework) => {
        const app = framework();
        const router = framework.Router();
        router.get('/fail', function routerFail() {
          throw new Error('in router');
        });
        router.use(function routerErrors(err: Error, _req: unknown, _res: unknown, next: (e?: unknown) => void) {
          next(err);
        });
        app.use('/router', router);
        const sub = framework();
        sub.get('/fail', async function subFail() {
          throw new Error('in sub-app');
        });
        app.use('/sub', sub);
        app.use(function top(err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) {
          res.status(502).send('top ' + err.message);
        });
        return app as unknown as Listener;
      },
      ['/router/fail', '/sub/fail'],
    );
  });

  it('start.bindStore() applies while the handler runs', async () => {
    const store = new AsyncLocalStorage<string>();
    const start = channel.start as unknown as diagnostics.Channel<Ctx, string>;
    start.bindStore(store, (ctx) => 'in ' + (ctx.handler?.name ?? '?'));
    try {
      await both(
        (framework) => {
          const app = framework();
          app.use(function outer(req, _res, next) {
            (req as unknown as { seen: unknown[] }).seen = [store.getStore()];
            next();
          });
          app.get('/store', async function inner(req, res) {
            const seen = (req as unknown as { seen: unknown[] }).seen;
            seen.push(store.getStore());
            await tick();
            seen.push(store.getStore());
            res.send(seen.join(' | '));
          });
          return app as unknown as Listener;
        },
        ['/store'],
      );
    } finally {
      start.unbindStore(store);
    }
  });
});

describe('express.router.request on portico/legacy, compared with the same routes on express@5.3', () => {
  before(() => channel.subscribe(subscribers));
  after(() => channel.unsubscribe(subscribers));

  it('middleware, app.router, param callbacks, several callbacks, errors and 404s', async () => {
    const routes = (target: any): void => {
      target.param('id', function loadId(_req: unknown, _res: unknown, next: (e?: unknown) => void, id: string) {
        if (id === 'bad') next(new Error('bad id'));
        else next();
      });
      target.get(
        '/users/:id',
        function load(_req: unknown, _res: unknown, next: () => void) {
          next();
        },
        function show(req: any, res: any) {
          res.send('user ' + req.params.id);
        },
      );
      target.get('/throw', function thrower() {
        throw new Error('thrown');
      });
    };
    const errors = (app: any): void => {
      app.use(function handled(err: Error, _req: unknown, res: any, _next: unknown) {
        res.status(500).send('handled ' + err.message);
      });
    };
    await sameEvents(
      () => {
        const app: any = legacy();
        app.use(function logger(_req: unknown, _res: unknown, next: () => void) {
          next();
        });
        app.use(app.router);
        routes(app);
        errors(app);
        return app as Listener;
      },
      () => {
        // Express 3's app.router is a router mounted as middleware: the same on Express 5.
        const app: any = express5();
        app.use(function logger(_req: unknown, _res: unknown, next: () => void) {
          next();
        });
        const router = (express5 as any).Router();
        app.use(router);
        routes(router);
        errors(app);
        return app as Listener;
      },
      ['/users/1', '/users/bad', '/throw', '/missing'],
      // 3.x answers a 404 with its own page: only the status is compared.
      true,
    );
  });
});

after(() => {
  // How many events were compared one by one, over both describe blocks above.
  console.log('# tracing-channel: ' + compared + ' events compared with express@5.3');
  assert.ok(compared > 150, 'events compared: ' + compared);
});

describe('express.router.request without a subscriber', () => {
  it('hands middleware the router’s own next: no wrapper, no context', async () => {
    // The start channel's own flag: TracingChannel's `hasSubscribers` is missing before Node 20.13.
    assert.equal(channel.start.hasSubscribers, false);
    const app = portico();
    app.use(function first(req, _res, next) {
      (req as unknown as { firstNext: unknown }).firstNext = next;
      next();
    });
    app.get('/', function second(req, res, next) {
      const same = (req as unknown as { firstNext: unknown }).firstNext === next && req.next === next;
      res.send(String(same) + ' ' + Object.getOwnPropertySymbols(req).some((s) => String(s).includes('published')));
    });
    const server = await startServer(app as unknown as Listener);
    try {
      const res = await send(server.port, { path: '/' });
      assert.equal(res.text, 'true false');
    } finally {
      await server.close();
    }
  });
});
