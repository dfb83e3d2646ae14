import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express4 from 'express';
import express5 from 'express5';
import portico from '../../../src/index';
import portico5 from '../../../src/express5/index';
import { startServer, send, type SimpleRequest, type SimpleResponse, type Listener } from '../../helpers/server';
import { stableHeaders } from '../../helpers/compare';

/*
 * One process, both APIs: an Express 5 router or app mounted in an Express 4 app (and the reverse)
 * keeps its own semantics for its own layers. Each case builds the mixed app on Portico and the
 * same routes on the reference whose semantics that part should have (express@5.3 for the Express 5
 * part, express@4 for the Express 4 part), and compares the responses.
 */

type App = any;
type Handler = (req: any, res: any, next: any) => unknown;

process.env.NO_DEPRECATION = 'express';
process.removeAllListeners('warning');

/** Routes that behave differently on the two APIs: path syntax, removed methods, status checks, send forms. */
function addDifferingRoutes(router: App): void {
  router.get('/files/*path', (req: any, res: any) => res.json(req.params));
  router.get('/opt{/:id}', (req: any, res: any) => res.json(req.params));
  router.get('/send-number', (_req: any, res: any) => res.send(201));
  router.get('/json-two', (_req: any, res: any) => res.json({ a: 1 }, 202));
  router.get('/status-string', (_req: any, res: any) => res.status('200').send('x'));
  router.get('/param', (req: any, res: any) => res.send(typeof req.param));
  router.get('/back', (_req: any, res: any) => res.redirect('back'));
  router.get('/host', (req: any, res: any) => res.send(String(req.host)));
  router.get('/redirect-page', (_req: any, res: any) => res.redirect(301, '/to?<x>'));
  router.get('/clear', (_req: any, res: any) => res.clearCookie('a', { maxAge: 1000 }).end());
  router.get('/links', (_req: any, res: any) => res.links({ next: ['/a', '/b'] }).end());
  router.get('/type', (_req: any, res: any) => res.type('js').end());
}

/** Routes spelled the Express 4 way, for the reverse direction. */
function addExpress4Routes(router: App): void {
  router.get('/files/*', (req: any, res: any) => res.json(req.params));
  router.get('/opt/:id?', (req: any, res: any) => res.json(req.params));
  router.get('/send-number', (_req: any, res: any) => res.send(201));
  router.get('/json-two', (_req: any, res: any) => res.json({ a: 1 }, 202));
  router.get('/param', (req: any, res: any) => res.send(typeof req.param));
  router.get('/back', (_req: any, res: any) => res.redirect('back'));
  router.get('/host', (req: any, res: any) => res.send(String(req.host)));
  router.get('/query', (req: any, res: any) => res.json(req.query));
  router.get('/type', (_req: any, res: any) => res.type('js').end());
}

function errorReporter(err: any, _req: any, res: any, _next: any): void {
  res.statusCode = 500;
  res.end(err.name + ': ' + err.message);
}

const fivePaths = ['/files/a/b%20c', '/opt', '/opt/7', '/send-number', '/json-two', '/status-string', '/param', '/back', '/host', '/redirect-page', '/clear', '/links', '/type'];
const fourPaths = ['/files/a/b', '/opt', '/opt/7', '/send-number', '/json-two', '/param', '/back', '/host', '/query?a[b]=1&c=2', '/type'];

function comparable(res: SimpleResponse): unknown {
  const headers = stableHeaders(res) as Record<string, unknown>;
  if (typeof headers['set-cookie'] !== 'undefined') headers['set-cookie'] = String(headers['set-cookie']).replace(/Expires=[^;]+/, 'Expires=<time>');
  return { status: res.status, headers, body: res.body.toString('latin1') };
}

async function compare(ours: Listener, theirs: Listener, paths: string[], prefix: string, extra: SimpleRequest = {}): Promise<void> {
  const a = await startServer(ours);
  const b = await startServer(theirs);
  try {
    for (const path of paths) {
      const request: SimpleRequest = { ...extra, path: prefix + path, headers: { host: 'example.com:8080', referer: '/from', accept: 'text/html', ...extra.headers } };
      assert.deepEqual(comparable(await send(a.port, request)), comparable(await send(b.port, request)), prefix + path);
    }
  } finally {
    await a.close();
    await b.close();
  }
}

describe('an Express 5 part inside an Express 4 app', () => {
  it('a portico/5 router in a portico app answers as the same router in an express@5.3 app', async () => {
    const mixed = portico();
    const router = portico5.Router();
    addDifferingRoutes(router);
    mixed.use('/v5', router);
    mixed.use(errorReporter);

    const reference = express5();
    const referenceRouter = express5.Router();
    addDifferingRoutes(referenceRouter);
    reference.use('/v5', referenceRouter);
    reference.use(errorReporter);
    await compare(mixed as unknown as Listener, reference as unknown as Listener, fivePaths, '/v5');
  });

  it('a portico/5 app mounted in a portico app answers as an express@5.3 app mounted in one', async () => {
    const mixed = portico();
    const child = portico5();
    addDifferingRoutes(child);
    child.get('/query', (req: any, res: any) => res.json(req.query));
    child.use(errorReporter);
    mixed.use('/v5', child);

    const reference = express5();
    const referenceChild = express5();
    addDifferingRoutes(referenceChild);
    referenceChild.get('/query', (req: any, res: any) => res.json(req.query));
    referenceChild.use(errorReporter);
    reference.use('/v5', referenceChild);
    await compare(mixed as unknown as Listener, reference as unknown as Listener, [...fivePaths, '/query?a[b]=1&a[b]=2&c=3'], '/v5');
  });

  it('the Express 4 layers after an Express 5 part keep Express 4 semantics', async () => {
    const build = (outer: () => App, router: App): App => {
      const app = outer();
      app.use('/v5', router);
      addExpress4Routes(app);
      app.use(errorReporter);
      return app;
    };
    const mixedRouter = portico5.Router() as unknown as App;
    mixedRouter.get('/unrelated', (_req: any, res: any) => res.send('5'));
    const mixedChild = portico5();
    mixedChild.get('/unrelated', (_req: any, res: any) => res.send('5'));
    const mixed = build(() => portico(), mixedRouter);
    mixed.use('/app5', mixedChild);
    const reference = build(() => express4(), express4.Router());
    // Requests first pass through the Express 5 router, then reach the Express 4 routes.
    await compare(mixed as unknown as Listener, reference as unknown as Listener, fourPaths, '');
  });
});

describe('an Express 4 part inside an Express 5 app', () => {
  it('a portico router and app in a portico/5 app answer as in an express@4 app', async () => {
    const build = (outer: () => App, inner: () => App, makeRouter: () => App): App => {
      const app = outer();
      const router = makeRouter();
      addExpress4Routes(router);
      app.use('/r4', router);
      const child = inner();
      addExpress4Routes(child);
      child.use(errorReporter);
      app.use('/a4', child);
      app.use(errorReporter);
      return app;
    };
    // The Express 4 reference is an Express 4 app throughout; the router case is mounted in it too.
    const mixed = build(() => portico5(), () => portico(), () => portico.Router());
    const reference = build(() => express4(), () => express4(), () => express4.Router());
    await compare(mixed as unknown as Listener, reference as unknown as Listener, fourPaths.filter((p) => !p.startsWith('/query')), '/a4');
    await compare(mixed as unknown as Listener, reference as unknown as Listener, ['/query?a[b]=1&c=2'], '/a4');
  });

  it('the Express 5 app gets its own req.query back after an Express 4 app it mounts returns', async () => {
    const build = (outer: () => App, inner: () => App): App => {
      const app = outer();
      const child = inner();
      child.use((_req: any, _res: any, next: any) => next());
      app.use('/x', child);
      app.use((req: any, res: any) => res.json([req.query, Object.keys(req).includes('query')]));
      return app;
    };
    const ours = build(() => portico5(), () => portico());
    const theirs = build(() => express5(), () => express5());
    await compare(ours as unknown as Listener, theirs as unknown as Listener, ['/x?a[b]=1&a[b]=2'], '');
  });
});

// Handlers unused by some cases above keep their types checked.
export type { Handler };
