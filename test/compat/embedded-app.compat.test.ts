import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import { compareApps, type FrameworkLike } from '../helpers/compare';

/*
 * An app or router called from a plain node:http listener with a callback of its own
 * (`app(req, res, done)`, `router(req, res, done)`, `app.handle(req, res, done)`): the callback
 * receives exactly the value Express hands it when the request leaves, and the listener reports it.
 */

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
/** An app, a router or `app.handle`, seen as what it is here: a function of (req, res, done). */
type WithDone = (req: http.IncomingMessage, res: http.ServerResponse, done: (...args: unknown[]) => void) => void;

/** What the fallback received: its argument (undefined told apart from null) and how many there were. */
function report(res: http.ServerResponse) {
  return function fallback(...args: unknown[]): void {
    const err = args[0];
    const shown = err === undefined ? 'undefined' : err instanceof Error ? 'Error: ' + err.message : JSON.stringify(err);
    res.statusCode = 203;
    res.end('left with ' + shown + ' (' + args.length + ' argument)');
  };
}

/** Paths whose last handler passes `value` to next(); every layer is in the app itself. */
function appWithNexts(framework: FrameworkLike): Listener {
  const app = framework();
  app.get('/route/only', (_req, _res, next) => next('route'));
  app.get('/route/two', (_req, _res, next) => next('route'), (_req, res) => res.send('skipped'));
  app.get('/route/plain', (_req, _res, next) => next());
  app.get('/route/router', (_req, _res, next) => next('router'));
  app.use('/mw/route', (_req, _res, next) => next('route'));
  app.param('p', (_req, _res, next) => next('route'));
  app.get('/param/:p', (_req, res) => res.send('never'));
  app.get('/error', (_req, _res, next) => next(new Error('broken')));
  return (req, res) => (app as unknown as WithDone)(req, res, report(res));
}

/** The same through a router called directly, and through a router mounted in an app. */
function routers(framework: FrameworkLike): Listener {
  const router = framework.Router();
  router.get('/direct/only', (_req, _res, next) => next('route'));
  const app = framework();
  const inner = framework.Router();
  inner.get('/only', (_req, _res, next) => next('route'));
  app.use('/mounted', inner);
  return (req, res) => {
    if (req.url?.startsWith('/direct')) (router as unknown as WithDone)(req, res, report(res));
    else (app as unknown as { handle: WithDone }).handle(req, res, report(res));
  };
}

async function sameAnswers(build: (framework: FrameworkLike) => Listener, paths: string[]): Promise<void> {
  const pairs = await compareApps(build, paths.map((path) => ({ path })));
  pairs.forEach(({ portico, express }, i) => {
    assert.equal(portico.status, express.status, paths[i]);
    assert.equal(portico.text, express.text, paths[i]);
  });
}

describe('the callback of an app or router called from a plain listener (differential)', () => {
  it("receives undefined after a one-handler route's next('route') ends the stack", async () => {
    const pairs = await compareApps(appWithNexts, [{ path: '/route/only' }]);
    assert.equal(pairs[0].express.text, 'left with undefined (1 argument)');
    assert.equal(pairs[0].portico.text, pairs[0].express.text);
  });

  it("receives what Express hands it for every way of leaving: next('route') from routes, middleware and param callbacks, next('router'), next(), next(err)", async () => {
    await sameAnswers(appWithNexts, [
      '/route/only',
      '/route/two',
      '/route/plain',
      '/route/router',
      '/mw/route',
      '/param/x',
      '/error',
      '/nothing/here',
    ]);
  });

  it("is reached the same way from a router called directly and from a router mounted in an app", async () => {
    await sameAnswers(routers, ['/direct/only', '/direct/none', '/mounted/only', '/mounted/none']);
  });
});
