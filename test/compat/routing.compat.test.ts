import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import fc from 'fast-check';
import type { Application, NextFunction, Request, Response } from 'express';
import portico from '../../src/index';
import { startServer, send, type RunningServer, type SimpleRequest, type SimpleResponse } from '../helpers/server';
import { stableHeaders, type FrameworkLike } from '../helpers/compare';
import { PATTERN_ROWS, type PatternRow } from './routing-pattern-cases';
import { Layer } from '../../src/router/layer';

/**
 * The routing differential test: a table of pattern/path/method/option cases and of dispatch
 * scenarios, each built on Portico and on express@4 and sent the same requests. Status, headers
 * (but the volatile ones) and bodies must agree; handlers echo `req.params` (as JSON and as
 * `Object.keys`), `req.url`, `req.baseUrl`, `req.originalUrl` and `req.route.path`.
 */

type Handler = (req: Request, res: Response, next: NextFunction) => void;
type ErrorHandler = (err: unknown, req: Request, res: Response, next: NextFunction) => void;

interface Scenario {
  title: string;
  build: (fw: FrameworkLike) => Application;
  requests: SimpleRequest[];
  /** Headers whose values legitimately differ (the length of a page holding a stack trace). */
  ignoreHeaders?: string[];
}

/** What every routed handler answers: enough to compare matching, params and URL rewriting. */
function echo(req: Request, res: Response): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(
    JSON.stringify({
      params: JSON.stringify(req.params),
      keys: Object.keys(req.params),
      url: req.url,
      baseUrl: req.baseUrl,
      originalUrl: req.originalUrl,
      route: req.route ? String(req.route.path) : null,
    }),
  );
}

/** Tags the response with a marker, then continues. */
function mark(name: string): Handler {
  return function marker(_req, res, next) {
    const previous = res.getHeader('X-Trail');
    res.setHeader('X-Trail', previous ? previous + ',' + name : name);
    next();
  };
}

/** Answers with the trail of markers so far and a label. */
function finish(label: string): Handler {
  return function finisher(_req, res) {
    res.setHeader('Content-Type', 'text/plain');
    res.end(label + ' ' + String(res.getHeader('X-Trail') ?? ''));
  };
}

/** An error handler that reports what it received (first line of the message only). */
const reportError: ErrorHandler = function reportError(err, req, res, _next) {
  void _next;
  const e = err as { status?: number; message?: string } | string;
  res.statusCode = typeof e === 'object' && e !== null && typeof e.status === 'number' ? e.status : 500;
  res.setHeader('Content-Type', 'text/plain');
  res.end('error: ' + (typeof e === 'object' && e !== null ? String(e.message) : String(e)) + ' at ' + req.url);
};

function makeError(message: string, props: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), props);
}

function fromRow(row: PatternRow): Scenario {
  const method = row.method ?? 'GET';
  return {
    title: `${row.kind ?? 'get'} ${String(row.pattern)} ${method}${row.caseSensitive ? ' case-sensitive' : ''}${row.strict ? ' strict' : ''}`,
    build(fw) {
      const app = fw();
      if (row.caseSensitive) app.enable('case sensitive routing');
      if (row.strict) app.enable('strict routing');
      const pattern = row.pattern as string;
      if (row.kind === 'use') app.use(pattern, echo);
      else if (row.kind === 'all') app.all(pattern, echo);
      else if (row.kind === 'router') {
        const router = fw.Router({ caseSensitive: row.caseSensitive, strict: row.strict });
        router.get(pattern, echo);
        app.use(router);
      } else app.get(pattern, echo);
      return app;
    },
    requests: row.paths.map((path) => ({ method, path })),
  };
}

const ERROR_REQUESTS: SimpleRequest[] = [
  { path: '/status' },
  { path: '/status-code' },
  { path: '/status-string' },
  { path: '/status-invalid' },
  { path: '/status-200' },
  { path: '/res-status' },
  { path: '/res-status-low' },
  { path: '/headers' },
  { path: '/expose' },
  { path: '/string' },
  { path: '/number' },
  { path: '/no-stack' },
  { path: '/empty-message' },
  { path: '/html-message' },
  { path: '/empty-text' },
  { path: '/stack-not-string' },
  { path: '/status', method: 'HEAD' },
  { path: '/content-headers' },
];

function installErrorRoutes(app: Application): void {
  const fail = (path: string, make: (res: Response) => unknown): void => {
    app.get(path, function failing(_req, res, next) {
      next(make(res));
    });
  };
  fail('/status', () => makeError('not here', { status: 404 }));
  fail('/status-code', () => makeError('conflict', { statusCode: 409 }));
  fail('/status-string', () => makeError('string status', { status: '403' }));
  fail('/status-invalid', () => makeError('invalid status', { status: 700 }));
  fail('/status-200', () => makeError('ok status', { status: 200 }));
  fail('/res-status', (res) => {
    res.statusCode = 503;
    return makeError('from res');
  });
  fail('/res-status-low', (res) => {
    res.statusCode = 302;
    return makeError('from res low');
  });
  fail('/headers', () => makeError('with headers', { status: 401, headers: { 'WWW-Authenticate': 'Basic', 'X-Extra': 'yes' } }));
  fail('/expose', () => makeError('exposed <b>message</b>', { status: 400, expose: true }));
  fail('/string', () => 'a string <error>');
  fail('/number', () => 42);
  fail('/no-stack', () => Object.assign(makeError('no stack'), { stack: undefined }));
  fail('/empty-message', () => makeError(''));
  fail('/empty-text', () => ({ toString: () => '' }));
  fail('/stack-not-string', () => ({ stack: 42, toString: () => 'custom text' }));
  fail('/html-message', () => makeError('<script>x</script>\n  two  spaces'));
  fail('/content-headers', (res) => {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Language', 'fr');
    res.setHeader('X-Kept', 'kept');
    return makeError('content headers');
  });
}

const SCENARIOS: Scenario[] = [
  {
    title: 'sub-app mounted on a path: url stripped inside, restored after',
    build(fw) {
      const app = fw();
      const sub = fw();
      sub.get('/', echo);
      sub.get('/x/:id', echo);
      sub.use(mark('sub-miss'));
      app.use('/blog', sub);
      app.use(function after(req, res) {
        res.end('after ' + req.url + ' ' + req.baseUrl + ' ' + String(res.getHeader('X-Trail')));
      });
      return app;
    },
    requests: [{ path: '/blog' }, { path: '/blog/' }, { path: '/blog/x/7?q=1' }, { path: '/blog/none?q=2' }, { path: '/BLOG/x/1' }, { path: '/blogx' }],
  },
  {
    title: 'nested routers and apps: baseUrl accumulates',
    build(fw) {
      const app = fw();
      const a = fw.Router();
      const b = fw();
      const c = fw.Router();
      c.get('/leaf/:id', echo);
      c.use(echo);
      b.use('/c', c);
      a.use('/b', b);
      app.use('/a', a);
      return app;
    },
    requests: [{ path: '/a/b/c/leaf/1' }, { path: '/a/b/c/other?x' }, { path: '/a/b/c' }, { path: '/a/b' }],
  },
  {
    title: 'mount paths: params, arrays, regexps, trailing slash',
    build(fw) {
      const app = fw();
      const r = fw.Router();
      r.use(echo);
      app.use('/p/:lang', r);
      app.use(['/x', '/y/z'], r);
      app.use(/^\/re(\d+)/, r);
      app.use('/slash/', r);
      return app;
    },
    requests: [{ path: '/p/en/docs' }, { path: '/x/1' }, { path: '/y/z' }, { path: '/re42/a' }, { path: '/slash' }, { path: '/slash/a' }, { path: '/nope' }],
  },
  {
    title: 'absolute-form request target keeps its scheme and host through mounting',
    build(fw) {
      const app = fw();
      const r = fw.Router();
      r.get('/b', echo);
      app.use('/a', r);
      return app;
    },
    requests: [{ path: 'http://example.com/a/b?x=1' }, { path: 'http://example.com/a/c' }],
  },
  {
    title: 'mergeParams: parent parameters visible, child wins on conflict',
    build(fw) {
      const app = fw();
      const merged = fw.Router({ mergeParams: true });
      merged.get('/p/:pid', echo);
      merged.get('/same/:id', echo);
      merged.get(/^\/re\/(\d+)$/, echo);
      const isolated = fw.Router();
      isolated.get('/p/:pid', echo);
      app.use('/u/:id', merged);
      app.use('/i/:id', isolated);
      app.use(/^\/n\/(\w+)/, merged);
      return app;
    },
    requests: [{ path: '/u/1/p/2' }, { path: '/u/1/same/9' }, { path: '/u/1/re/5' }, { path: '/i/1/p/2' }, { path: '/n/abc/re/7' }, { path: '/n/abc/p/3' }],
  },
  {
    title: 'req.params reset after a route, and after a mounted router',
    build(fw) {
      const app = fw();
      app.get('/r/:id', function first(req, _res, next) {
        req.params.id = 'changed';
        next();
      });
      app.use(function middle(req, res, next) {
        res.setHeader('X-Params', JSON.stringify(req.params));
        next();
      });
      app.get('/r/:other', echo);
      return app;
    },
    requests: [{ path: '/r/5' }],
  },
  {
    title: "next('route') skips the rest of the route",
    build(fw) {
      const app = fw();
      app.get('/n', mark('a'), function skip(_req, _res, next) {
        next('route');
      }, mark('never'));
      app.get('/n', mark('b'), finish('second route'));
      app.use(function skipInUse(_req, _res, next) {
        next('route');
      });
      app.get('/m', finish('after use'));
      return app;
    },
    requests: [{ path: '/n' }, { path: '/m' }],
  },
  {
    title: 'single-handler routes: every way of leaving them, and methods they do not serve',
    build(fw) {
      const app = fw();
      app.get('/one/:how', function leave(req, _res, next) {
        const how = req.params.how;
        if (how === 'route') next('route');
        else if (how === 'router') next('router');
        else if (how === 'error') next(new Error('from the only handler'));
        else if (how === 'throw') throw new Error('thrown by the only handler');
        else next();
      });
      app.get('/one/:how', function after(req, res) {
        res.end('after ' + req.params.how + ' ' + String(req.route && req.route.path));
      });
      app.route('/posted').post(finish('posted'));
      app.route('/posted').get(finish('got'));
      app.route('/only-get').get(finish('only get'));
      app.use(function errors(err: Error, _req: unknown, res: ServerResponse, _next: unknown) {
        res.statusCode = 418;
        res.end('handled: ' + err.message);
      });
      return app;
    },
    requests: [
      { path: '/one/next' },
      { path: '/one/route' },
      { path: '/one/router' },
      { path: '/one/error' },
      { path: '/one/throw' },
      { path: '/posted' },
      { path: '/posted', method: 'POST' },
      { path: '/posted', method: 'PUT' },
      { path: '/only-get', method: 'HEAD' },
      { path: '/only-get', method: 'DELETE' },
    ],
  },
  {
    title: "next('router') leaves the router; at the top it is a 404",
    build(fw) {
      const app = fw();
      const r = fw.Router();
      r.use(mark('r1'));
      r.get('/x', function leave(_req, _res, next) {
        next('router');
      });
      r.get('/x', finish('never'));
      app.use('/r', r);
      app.get('/r/x', finish('parent'));
      app.get('/top', function leaveTop(_req, _res, next) {
        next('router');
      });
      app.get('/top', finish('never'));
      return app;
    },
    requests: [{ path: '/r/x' }, { path: '/top' }],
  },
  {
    title: 'route handlers: all() first in registration order, several methods, arrays',
    build(fw) {
      const app = fw();
      app
        .route('/book')
        .all(mark('all'))
        .get(mark('get'), [mark('get2'), [finish('get')]] as unknown as Handler)
        .post(finish('post'));
      app.route('/two').get(mark('g')).all(mark('all')).get(finish('two'));
      return app;
    },
    requests: [{ path: '/book' }, { path: '/book', method: 'POST' }, { path: '/book', method: 'PUT' }, { path: '/two' }],
  },
  {
    title: 'HEAD: served by GET unless a head route comes first',
    build(fw) {
      const app = fw();
      app.get('/g', function getWithBody(_req, res) {
        res.setHeader('X-Method', 'get');
        res.setHeader('Content-Length', '5');
        res.end('hello');
      });
      app.head('/h', function headOnly(_req, res) {
        res.setHeader('X-Method', 'head');
        res.end();
      });
      app.get('/h', function getAfterHead(_req, res) {
        res.setHeader('X-Method', 'get');
        res.end('x');
      });
      app.get('/late', function lateGet(_req, res) {
        res.setHeader('X-Method', 'get');
        res.end('x');
      });
      app.head('/late', function lateHead(_req, res) {
        res.setHeader('X-Method', 'head');
        res.end();
      });
      app.all('/any', function anyMethod(req, res) {
        res.setHeader('X-Method', req.method);
        res.end();
      });
      return app;
    },
    requests: [{ path: '/g', method: 'HEAD' }, { path: '/h', method: 'HEAD' }, { path: '/late', method: 'HEAD' }, { path: '/any', method: 'HEAD' }, { path: '/g' }],
  },
  {
    title: 'automatic OPTIONS answer with Allow',
    build(fw) {
      const app = fw();
      app.get('/o', finish('get'));
      app.post('/o', finish('post'));
      app.put('/o/:id', finish('put'));
      app.delete('/o/:id', finish('delete'));
      app.get('/o/:id', finish('get id'));
      app.all('/all', finish('all'));
      app.options('/own', function ownOptions(_req, res) {
        res.setHeader('Allow', 'CUSTOM');
        res.end('own');
      });
      app.get('/own', finish('get'));
      const r = fw.Router();
      r.get('/in', finish('get'));
      r.patch('/in', finish('patch'));
      app.use('/r', r);
      app.get('/r/in', finish('outer'));
      app.head('/h', finish('head'));
      return app;
    },
    requests: [
      { path: '/o', method: 'OPTIONS' },
      { path: '/o/1', method: 'OPTIONS' },
      { path: '/all', method: 'OPTIONS' },
      { path: '/own', method: 'OPTIONS' },
      { path: '/r/in', method: 'OPTIONS' },
      { path: '/h', method: 'OPTIONS' },
      { path: '/missing', method: 'OPTIONS' },
      { path: '/o', method: 'DELETE' },
    ],
  },
  {
    title: 'OPTIONS answered by middleware, or passing an error',
    build(fw) {
      const app = fw();
      app.get('/x', finish('get'));
      app.use(function optionsMiddleware(req, res, next) {
        if (req.path === '/err') return next(makeError('options failed', { status: 418 }));
        if (req.path === '/mw') return res.end('middleware ' + req.method);
        next();
      });
      app.get('/mw', finish('get'));
      app.get('/err', finish('get'));
      return app;
    },
    requests: [{ path: '/x', method: 'OPTIONS' }, { path: '/mw', method: 'OPTIONS' }, { path: '/err', method: 'OPTIONS' }],
  },
  {
    title: 'error-handling middleware is recognised by its four parameters',
    build(fw) {
      const app = fw();
      app.get('/boom', function boom(_req, _res, next) {
        next(makeError('boom', { status: 409 }));
      });
      app.get('/throw', function thrower() {
        throw makeError('thrown', { status: 422 });
      });
      app.get('/string', function stringError(_req, _res, next) {
        next('just a string');
      });
      app.use(function threeArgs(_req, res, next) {
        res.setHeader('X-Three', 'ran');
        next();
      });
      app.use(function handled(err: unknown, req: Request, res: Response, next: NextFunction) {
        if (req.path === '/string') return next(err);
        res.setHeader('X-Four', 'ran');
        next(err);
      } as ErrorHandler);
      app.use(reportError);
      app.use(finish('never'));
      return app;
    },
    requests: [{ path: '/boom' }, { path: '/throw' }, { path: '/string' }, { path: '/fine' }],
  },
  {
    title: 'error handlers inside a route and recovery with next()',
    build(fw) {
      const app = fw();
      app.get(
        '/recover',
        function fail(_req: Request, _res: Response, next: NextFunction) {
          next(makeError('first'));
        },
        mark('skipped'),
        function recover(err: unknown, _req: Request, res: Response, next: NextFunction) {
          res.setHeader('X-Recovered', (err as Error).message);
          next();
        } as ErrorHandler,
        finish('recovered'),
      );
      app.get('/rethrow', function fail2(_req: Request, _res: Response, next: NextFunction) {
        next(makeError('second', { status: 404 }));
      }, function rethrow(err: unknown, _req: Request, _res: Response, next: NextFunction) {
        next(err);
      } as ErrorHandler);
      app.use(reportError);
      return app;
    },
    requests: [{ path: '/recover' }, { path: '/rethrow' }],
  },
  {
    title: 'param callbacks: once per value, in order, arrays, errors',
    build(fw) {
      const app = fw();
      app.param('id', function loadId(req, res, next, value) {
        res.setHeader('X-Param-' + String(value), String(Number(res.getHeader('X-Param-' + String(value)) ?? 0) + 1));
        req.params.id = 'loaded-' + String(value);
        next();
      });
      app.param(['a', 'b'], function both(_req, res, next, value, name) {
        const previous = res.getHeader('X-Order');
        res.setHeader('X-Order', (previous ? previous + ',' : '') + String(name) + '=' + String(value));
        next();
      });
      app.param('bad', function failing(_req, _res, next, value) {
        if (value === 'no') return next(makeError('bad param', { status: 400 }));
        if (value === 'skip') return next('route');
        next();
      });
      app.get('/u/:id', mark('first'));
      app.get('/u/:id', echo);
      app.get('/v/:id/:other', echo);
      app.get('/ab/:a/:b', echo);
      app.get('/bad/:bad', echo);
      app.get('/bad/:bad', finish('next route'));
      app.use(reportError);
      return app;
    },
    requests: [{ path: '/u/1' }, { path: '/v/2/3' }, { path: '/ab/x/y' }, { path: '/bad/no' }, { path: '/bad/skip' }, { path: '/bad/ok' }],
  },
  {
    title: 'param callbacks are local to their router and not fired for parent parameters',
    build(fw) {
      const app = fw();
      const child = fw.Router({ mergeParams: true });
      app.param('id', function parentParam(_req, res, next) {
        res.setHeader('X-Parent', 'ran');
        next();
      });
      child.param('id', function childParam(_req, res, next) {
        res.setHeader('X-Child', 'ran');
        next();
      });
      child.param('sub', function childSub(_req, res, next, value) {
        res.setHeader('X-Sub', String(value));
        next();
      });
      child.get('/s/:sub', echo);
      child.get('/own/:id', echo);
      app.use('/p/:id', child);
      return app;
    },
    requests: [{ path: '/p/1/s/2' }, { path: '/p/1/own/3' }],
  },
  {
    title: 'deprecated param customiser form',
    build(fw) {
      const app = fw();
      const legacy = app as unknown as { param(fn: (name: string, check: unknown) => unknown): void };
      legacy.param(function customise(name: string, check: unknown) {
        if (!(check instanceof RegExp)) return undefined;
        return function checkParam(_req: Request, _res: Response, next: NextFunction, value: string) {
          if (check.test(value)) next();
          else next('route');
        };
      });
      (app as unknown as { param(name: string, re: RegExp): void }).param('num', /^\d+$/);
      app.get('/n/:num', echo);
      app.get('/n/:num', finish('not a number'));
      return app;
    },
    requests: [{ path: '/n/12' }, { path: '/n/ab' }],
  },
  {
    title: 'malformed escapes are 400 errors, for routes and middleware',
    build(fw) {
      const app = fw();
      app.get('/user/:id', echo);
      app.use('/mw/:id', echo);
      app.get('*', echo);
      return app;
    },
    requests: [{ path: '/user/%E0%A4%A' }, { path: '/mw/%zz/x' }, { path: '/other/%' }, { path: '/user/%41' }],
  },
  {
    title: 'malformed escapes reach error middleware as URIError with status 400',
    build(fw) {
      const app = fw();
      app.get('/user/:id', echo);
      app.use(function uriError(err: unknown, _req: Request, res: Response, _next: NextFunction) {
        void _next;
        const e = err as { name: string; message: string; status: number; statusCode: number; expose: boolean };
        res.end(JSON.stringify([e.name, e.message, e.status, e.statusCode, e.expose, err instanceof URIError]));
      } as ErrorHandler);
      return app;
    },
    requests: [{ path: '/user/%E0%A4%A' }, { path: '/user/%' }],
  },
  {
    title: '404 pages: method, path escaped, query dropped',
    build(fw) {
      const app = fw();
      const sub = fw();
      sub.get('/x', finish('x'));
      app.use('/sub', sub);
      return app;
    },
    requests: [
      { path: '/missing' },
      { path: '/missing?x=1&y=<b>' },
      { path: '/%3Cscript%3Ealert(1)%3C/script%3E' },
      { path: "/<img src=x onerror='1'>" },
      { path: '/a"b&c' },
      { path: '/caf%C3%A9' },
      { path: '/missing', method: 'POST' },
      { path: '/missing', method: 'HEAD' },
      { path: '/sub/none' },
      { path: 'http://example.com/abs?x' },
      { path: '/%E0%A4%A' },
    ],
  },
  {
    title: 'error pages in development',
    build(fw) {
      const app = fw();
      app.set('env', 'development');
      installErrorRoutes(app);
      return app;
    },
    requests: ERROR_REQUESTS,
    ignoreHeaders: ['content-length'],
  },
  {
    title: 'error pages in production',
    build(fw) {
      const app = fw();
      app.set('env', 'production');
      installErrorRoutes(app);
      return app;
    },
    requests: ERROR_REQUESTS,
  },
  {
    title: 'sub-app env decides nothing: the top-level final handler answers',
    build(fw) {
      const app = fw();
      app.set('env', 'production');
      const sub = fw();
      sub.set('env', 'development');
      sub.get('/boom', function boom(_req, _res, next) {
        next(makeError('hidden in production'));
      });
      app.use('/sub', sub);
      return app;
    },
    requests: [{ path: '/sub/boom' }],
  },
  {
    title: 'req.app and res.app follow the app whose middleware runs',
    build(fw) {
      const app = fw();
      app.set('name', 'parent');
      const sub = fw();
      sub.set('name', 'child');
      sub.use(function inChild(req, res, next) {
        res.setHeader('X-In', String(req.app.get('name')) + '/' + String(res.app.get('name')));
        next();
      });
      app.use('/s', sub);
      app.use(function inParent(req, res) {
        res.end(String(req.app.get('name')) + '/' + String(res.app.get('name')) + ' ' + String(res.getHeader('X-In')));
      });
      return app;
    },
    requests: [{ path: '/s/x' }, { path: '/t' }],
  },
  {
    title: 'settings that shape routing are read when the router is created',
    build(fw) {
      const app = fw();
      app.get('/Early', finish('early'));
      app.enable('case sensitive routing');
      app.get('/Late', finish('late'));
      return app;
    },
    requests: [{ path: '/early' }, { path: '/late' }],
  },
  {
    title: 'sub-app routing settings: inherited when not set, own value otherwise',
    build(fw) {
      const app = fw();
      app.enable('strict routing');
      const inherits = fw();
      const own = fw();
      own.disable('strict routing');
      app.use('/i', inherits);
      app.use('/o', own);
      inherits.get('/x', finish('inherits'));
      own.get('/x', finish('own'));
      return app;
    },
    requests: [{ path: '/i/x/' }, { path: '/o/x/' }, { path: '/i/x' }],
  },
  {
    title: 'a router is middleware: mounted twice, and used as a plain function',
    build(fw) {
      const app = fw();
      const r = fw.Router();
      r.get('/', echo);
      r.get('/leaf', echo);
      app.use('/one', r);
      app.use('/two', r);
      app.use(function callRouter(req, res, next) {
        if (req.path !== '/direct/leaf') return next();
        req.url = '/leaf';
        (r as unknown as Handler)(req, res, next);
      });
      return app;
    },
    requests: [{ path: '/one' }, { path: '/two/leaf' }, { path: '/direct/leaf' }],
  },
  {
    title: 'a middleware on a path runs for every method and for deeper paths',
    build(fw) {
      const app = fw();
      app.use('/api', mark('api'));
      app.use('/api/v1', mark('v1'));
      app.all('/api/*', finish('all'));
      return app;
    },
    requests: [{ path: '/api/v1/x', method: 'POST' }, { path: '/api/v2', method: 'PUT' }, { path: '/api', method: 'DELETE' }],
  },
  {
    title: 'unusual methods route through their own app.METHOD',
    build(fw) {
      const app = fw();
      const dyn = app as unknown as Record<string, (path: string, h: Handler) => void>;
      for (const m of ['propfind', 'm-search', 'purge', 'mkcol', 'report', 'lock', 'unlock', 'search']) dyn[m]('/dav', finish(m));
      return app;
    },
    requests: ['PROPFIND', 'M-SEARCH', 'PURGE', 'MKCOL', 'REPORT', 'LOCK', 'UNLOCK', 'SEARCH'].map((method) => ({ method, path: '/dav' })),
  },
  {
    title: 'url rewritten inside a mounted app is re-prefixed on the way out',
    build(fw) {
      const app = fw();
      const sub = fw();
      sub.use(function rewrite(req, _res, next) {
        req.url = '/changed' + req.url;
        next();
      });
      app.use('/blog', sub);
      app.use(function after(req, res) {
        res.end(req.url + ' ' + req.originalUrl + ' ' + req.baseUrl);
      });
      return app;
    },
    requests: [{ path: '/blog/x?y=1' }, { path: '/blog' }, { path: '/blog?z' }],
  },
  {
    title: 'leading double slash and empty mount remainder',
    build(fw) {
      const app = fw();
      const r = fw.Router();
      r.use(echo);
      app.use('/blog', r);
      app.use(echo);
      return app;
    },
    requests: [
      { path: '//blog/x' },
      { path: '/blog//x' },
      { path: '/blog/' },
      { path: 'http://example.com' },
      { path: 'http://example.com/blog' },
      { path: 'HTTPS://user@example.com:8/blog/x?q' },
      { path: '/blog#frag' },
      { path: '/blog/../x' },
      { path: '*' },
      { path: '*', method: 'OPTIONS' },
    ],
  },
  {
    title: 'routes without handlers, sub-app used as a route handler, apps inside arrays',
    build(fw) {
      const app = fw();
      app.route('/empty');
      app.get('/empty', finish('after empty route'));
      const inner = fw();
      inner.use(function innerEcho(req, res) {
        res.end('inner ' + req.url + ' ' + req.baseUrl + ' ' + String(req.app === inner));
      });
      app.get('/as-handler', inner as unknown as Handler);
      const arrayed = fw();
      arrayed.get('/z', echo);
      app.use('/arr', [mark('m'), [arrayed]] as unknown as Handler);
      app.use(fw.Router(), finish('after router'));
      return app;
    },
    requests: [{ path: '/empty' }, { path: '/as-handler' }, { path: '/arr/z' }, { path: '/arr/y' }],
  },
  {
    title: 'final handler: headers only from an error that carries a valid status',
    build(fw) {
      const app = fw();
      app.get('/no-status', function f1(_req, _res, next) {
        next(makeError('no status', { headers: { 'X-Err': 'one' } }));
      });
      app.get('/bad-status', function f2(_req, _res, next) {
        next(makeError('bad status', { status: 99, headers: { 'X-Err': 'two' } }));
      });
      app.get('/string-code', function f3(_req, _res, next) {
        next(makeError('string code', { statusCode: '500' }));
      });
      app.get('/odd-status', function f4(_req, _res, next) {
        next(makeError('odd', { status: 499 }));
      });
      app.get('/status-599', function f5(_req, _res, next) {
        next(makeError('top', { status: 599 }));
      });
      app.get('/headers-not-object', function f6(_req, _res, next) {
        next(makeError('hdr', { status: 400, headers: 'nope' }));
      });
      app.get('/falsy', function f7(_req, res, next) {
        res.setHeader('X-Falsy', 'yes');
        next(0 as unknown as Error);
      });
      app.get('/null', function f8(_req, _res, next) {
        next(null);
      });
      app.get('/written', function f9(_req, res, next) {
        res.write('part');
        next();
      });
      return app;
    },
    requests: [
      { path: '/no-status' },
      { path: '/bad-status' },
      { path: '/string-code' },
      { path: '/odd-status' },
      { path: '/status-599' },
      { path: '/headers-not-object' },
      { path: '/falsy' },
      { path: '/null' },
      { path: '/written' },
    ],
  },
  {
    title: 'production pages for unusual statuses',
    build(fw) {
      const app = fw();
      app.set('env', 'production');
      app.get('/:code', function fail(req, _res, next) {
        next(makeError('secret', { status: Number(req.params.code), expose: true }));
      });
      return app;
    },
    requests: ['400', '404', '418', '451', '499', '500', '503', '599'].map((code) => ({ path: '/' + code })),
  },
  {
    title: 'a thrown error in a param callback and in error middleware',
    build(fw) {
      const app = fw();
      app.param('id', function throwing(_req, _res, _next, value) {
        if (value === 'throw') throw makeError('param threw', { status: 418 });
        _next();
      });
      app.get('/p/:id', echo);
      app.get('/e', function fail(_req, _res, next) {
        next(makeError('first'));
      });
      app.use(function throwsAgain(err: unknown, _req: Request, _res: Response, _next: NextFunction) {
        void _next;
        throw makeError('second from ' + (err as Error).message, { status: 502 });
      } as ErrorHandler);
      app.use(reportError);
      return app;
    },
    requests: [{ path: '/p/throw' }, { path: '/p/ok' }, { path: '/e' }],
  },
  {
    title: 'many synchronous middleware do not overflow the stack',
    build(fw) {
      const app = fw();
      const r = fw.Router();
      for (let i = 0; i < 5000; i++) r.use(function pass(_req, _res, next) {
        next();
      });
      for (let i = 0; i < 2000; i++) r.get('/deep', function passRoute(_req, _res, next) {
        next();
      });
      r.get('/deep', finish('deep'));
      app.use(r);
      return app;
    },
    requests: [{ path: '/deep' }],
  },
  {
    title: 'large stacks (the first-segment index) keep registration order',
    build(fw) {
      const app = fw();
      for (let i = 0; i < 12; i++) app.get('/filler' + i, finish('filler' + i));
      app.use('/api', mark('api-mw'));
      app.get('/users', finish('users'));
      app.get('/users/:id', echo);
      app.get('/:section/:id', echo);
      app.get('/USERS/x', finish('upper'));
      app.get('/users.json', finish('users.json'));
      app.use(/^\/re/, mark('regex-mw'));
      app.get('/api/v1', finish('api v1'));
      app.all('*', mark('star'));
      app.get('/posts/:id', echo);
      app.use('/api', finish('api end'));
      app.get('/caf%C3%A9', finish('encoded'));
      app.get('/a b', finish('space'));
      app.get('/re/x', finish('re x'));
      app.use(finish('fallback'));
      return app;
    },
    requests: [
      { path: '/users' },
      { path: '/Users/' },
      { path: '/users/x' },
      { path: '/USERS/x' },
      { path: '/users.json' },
      { path: '/posts/1' },
      { path: '/api/v1' },
      { path: '/API/v2' },
      { path: '/caf%C3%A9' },
      { path: '/CAF%c3%a9' },
      { path: '/a%20b' },
      { path: '/re/x' },
      { path: '/filler3' },
      { path: '/filler3/x' },
      { path: '/nothing/here/at/all' },
      { path: 'http://example.com/users?x=1' },
      { path: '/users', method: 'OPTIONS' },
      { path: '/users', method: 'HEAD' },
    ],
  },
  {
    title: 'large case-sensitive router and routes added while serving',
    build(fw) {
      const app = fw();
      const r = fw.Router({ caseSensitive: true, strict: true });
      for (let i = 0; i < 20; i++) r.get('/Seg' + i + '/', finish('seg' + i));
      r.get('/seg5', finish('lower seg5'));
      app.use('/r', r);
      let added = false;
      app.use(function addLater(_req, _res, next) {
        if (!added) {
          added = true;
          for (let i = 0; i < 20; i++) r.get('/late' + i, finish('late' + i));
        }
        next();
      });
      app.use('/r2', r);
      return app;
    },
    requests: [{ path: '/r/Seg5/' }, { path: '/r/Seg5' }, { path: '/r/seg5' }, { path: '/r/late3' }, { path: '/r2/late3' }, { path: '/r2/Seg19/' }],
  },
  {
    title: 'headers already sent: the error ends the connection',
    build(fw) {
      const app = fw();
      app.get('/late', function writeThenFail(_req, res, next) {
        res.write('partial');
        next(makeError('too late'));
      });
      return app;
    },
    requests: [{ path: '/late' }],
  },
  {
    title: 'layer handles replaced after requests (as instrumentation does) are called by their own arity',
    build(fw) {
      const app = fw();
      app.get('/swap', function plain(_req, res) {
        res.end('route handler');
      });
      app.use('/mw', function middleware(_req, res) {
        res.end('middleware');
      });
      app.get('/replace/:arity', function replace(req, res) {
        const four = req.params.arity === '4';
        const stack = (app as any)._router.stack as any[];
        const route = stack.find((layer) => layer.route && layer.route.path === '/swap');
        const mw = stack.find((layer) => layer.name === 'middleware' || layer.name === 'wrapped');
        route.route.stack[0].handle = four
          ? function wrapped(_err: unknown, _q: unknown, r: ServerResponse, _next: unknown) {
              r.end('as error handler');
            }
          : function wrapped(_q: unknown, r: ServerResponse) {
              r.end('wrapped route handler');
            };
        mw.handle = four
          ? function wrapped(_err: unknown, _q: unknown, r: ServerResponse, _next: unknown) {
              r.end('as error handler');
            }
          : function wrapped(_q: unknown, r: ServerResponse) {
              r.end('wrapped middleware');
            };
        res.end('replaced with arity ' + req.params.arity);
      });
      return app;
    },
    requests: [
      { path: '/swap' },
      { path: '/mw' },
      { path: '/replace/4' },
      { path: '/swap' },
      { path: '/mw' },
      { path: '/replace/2' },
      { path: '/swap' },
      { path: '/mw' },
    ],
  },
  {
    title: "a replaced app._router.handle is called, with the final handler as its out",
    build(fw) {
      const app = fw();
      app.get('/x', function answer(_req, res) {
        res.end('x');
      });
      const router = (app as unknown as { _router: { handle: (req: unknown, res: ServerResponse, out: unknown) => unknown } })._router;
      const original = router.handle;
      router.handle = function wrappedHandle(this: unknown, req: unknown, res: ServerResponse, out: unknown) {
        res.setHeader('X-Wrapped', typeof out);
        return original.call(this, req, res, out);
      };
      return app;
    },
    requests: [{ path: '/x' }, { path: '/missing' }, { path: '/x', method: 'POST' }],
  },
  {
    title: 'a mounted router whose handle was replaced is entered through the replacement',
    build(fw) {
      const app = fw();
      const router = fw.Router();
      router.get('/x', function answer(_req, res) {
        res.end('x');
      });
      const replaceable = router as unknown as { handle: (req: unknown, res: ServerResponse, out: unknown) => unknown };
      const original = replaceable.handle;
      replaceable.handle = function wrappedHandle(this: unknown, req: unknown, res: ServerResponse, out: unknown) {
        res.setHeader('X-Wrapped', 'yes');
        return original.call(this, req, res, out);
      };
      app.use('/r', router);
      return app;
    },
    requests: [{ path: '/r/x' }, { path: '/r/missing' }],
  },
  {
    title: 'a request-target without a pathname leaves a router without running any layer',
    build(fw) {
      const app = fw();
      const router = fw.Router();
      router.use(function never(_req, res) {
        res.end('router ran a layer');
      });
      app.use(function blank(req, res) {
        const target = req.query.to === 'none' ? undefined : String(req.query.to ?? '');
        const saved = req.url;
        req.url = target as string;
        router(req, res, (err?: unknown) => {
          req.url = saved;
          res.end('left the router ' + (err === undefined ? 'without error' : String(err)));
        });
      });
      return app;
    },
    requests: [{ path: '/?to=' }, { path: '/?to=%3Fa%3D1' }, { path: '/?to=%23frag' }, { path: '/?to=none' }, { path: '/?to=%2Fok' }],
  },
  {
    title: 'a malformed escape in a param reaches error middleware with statusCode set before status',
    build(fw) {
      const app = fw();
      app.get('/u/:id', function never(_req, res) {
        res.end('decoded');
      });
      app.use(function errorKeys(err: Error, _req: Request, res: Response, _next: NextFunction) {
        res.json({ name: err.name, message: err.message, keys: Object.keys(err) });
      });
      return app;
    },
    requests: [{ path: '/u/%zz' }, { path: '/u/a%E0%A4%A' }],
  },
  {
    title: 'final handler after a request body',
    build(fw) {
      return fw();
    },
    requests: [{ path: '/upload', method: 'POST', body: 'x'.repeat(20000), headers: { 'Content-Type': 'text/plain' } }],
  },
];

/** A request's outcome, with the stack frames of development error pages removed. */
interface Outcome {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

function outcomeOf(res: SimpleResponse, ignore: string[]): Outcome {
  const stripped = res.text.replace(/<br> &nbsp; &nbsp;at [^<]*/g, '');
  const headers = stableHeaders(res, stripped === res.text ? ignore : [...ignore, 'content-length']);
  return { status: res.status, headers, body: stripped };
}

/** A response, or what happened instead: the connection closed, or no answer within `waitMs`. */
async function outcome(port: number, req: SimpleRequest, ignore: string[], waitMs = 2000): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: -2, headers: {}, body: 'no answer' }), waitMs);
  });
  try {
    return await Promise.race([send(port, req).then((res) => outcomeOf(res, ignore)), timeout]);
  } catch (err) {
    return { status: -1, headers: {}, body: 'connection error: ' + String((err as NodeJS.ErrnoException).code) };
  } finally {
    clearTimeout(timer);
  }
}

const scenarios: Scenario[] = [...PATTERN_ROWS.map(fromRow), ...SCENARIOS];

/** One server per framework; the `x-case` header picks the scenario's app. */
function dispatcher(fw: FrameworkLike): (req: IncomingMessage, res: ServerResponse) => void {
  const apps = scenarios.map((s) => s.build(fw));
  return function dispatch(req, res) {
    apps[Number(req.headers['x-case'])](req, res);
  };
}

describe('routing on Portico and express@4 (differential)', () => {
  let p: RunningServer;
  let e: RunningServer;
  const consoleError = console.error;
  before(async () => {
    // Both frameworks log errors outside the 'test' env (the development and production cases).
    console.error = () => undefined;
    p = await startServer(dispatcher(portico as unknown as FrameworkLike));
    e = await startServer(dispatcher(express));
  });
  after(async () => {
    console.error = consoleError;
    await p.close();
    await e.close();
  });

  it('the table has at least 200 cases', () => {
    const count = scenarios.reduce((n, s) => n + s.requests.length, 0);
    assert.ok(count >= 200, `only ${count} cases`);
  });

  scenarios.forEach((scenario, index) => {
    it(scenario.title, async () => {
      for (const request of scenario.requests) {
        const req = { ...request, headers: { ...request.headers, 'x-case': String(index) } };
        const ignore = scenario.ignoreHeaders ?? [];
        let mine = await outcome(p.port, req, ignore);
        // "No answer" is an outcome (a route that never responds); a side that has not answered
        // within 2 s while the other has is asked again and given longer, as a busy machine needs.
        const theirs = await outcome(e.port, req, ignore, mine.status === -2 ? 2000 : 15_000);
        if (mine.status === -2 && theirs.status !== -2) mine = await outcome(p.port, req, ignore, 15_000);
        assert.deepEqual(mine, theirs, `${request.method ?? 'GET'} ${request.path}`);
      }
    });
  });
});

/** Express's own matcher for `pattern`: the last layer its app adds, with Express's `match`/`params`/`path`. */
interface ExpressLayer {
  match(path: string): boolean;
  params: Record<string, unknown>;
  path: string;
}

function expressLayer(pattern: string, kind: 'get' | 'use', sensitive: boolean, strict: boolean): ExpressLayer {
  const app = express();
  if (sensitive) app.enable('case sensitive routing');
  if (strict) app.enable('strict routing');
  if (kind === 'get') app.get(pattern, function noop() {});
  else app.use(pattern, function noop() {});
  const stack = (app as unknown as { _router: { stack: ExpressLayer[] } })._router.stack;
  return stack[stack.length - 1];
}

type Matched = { path: string; params: string; keys: string[] } | null | 'error' | 'invalid';

function viaExpress(pattern: string, kind: 'get' | 'use', sensitive: boolean, strict: boolean, path: string): Matched {
  let layer: ExpressLayer;
  try {
    layer = expressLayer(pattern, kind, sensitive, strict);
  } catch {
    return 'invalid';
  }
  try {
    if (!layer.match(path)) return null;
  } catch {
    return 'error';
  }
  return { path: layer.path, params: JSON.stringify(layer.params), keys: Object.keys(layer.params) };
}

function viaPortico(pattern: string, kind: 'get' | 'use', sensitive: boolean, strict: boolean, path: string): Matched {
  let layer: Layer;
  try {
    layer = new Layer(pattern, { sensitive, strict: kind === 'use' ? false : strict, end: kind === 'get' }, function noop() {});
  } catch {
    return 'invalid';
  }
  try {
    if (!layer.match(path)) return null;
    const m = layer.params as Record<string, string>;
    return { path: layer.path as string, params: JSON.stringify(m), keys: Object.keys(m) };
  } catch {
    return 'error';
  }
}

describe('path matching on Portico and express@4 (property)', () => {
  const token = fc.constantFrom(
    '/', 'a', 'b', '-', '.', '~', '_', ':x', ':y?', ':z(\\d+)', ':w*', '.:v', '/:u', '*', '(', ')', '?', '+', '\\.', '/(', 'ab', '%41', ':t(a|b)',
  );
  const pattern = fc.tuple(fc.boolean(), fc.array(token, { minLength: 1, maxLength: 6 })).map(([slash, tokens]) => (slash ? '/' : '') + tokens.join(''));
  const pathPart = fc.constantFrom('/', 'a', 'b', 'A', '-', '.', '1', '12', 'ab', '%41', '%E0%A4%A', '~', '_', 'x');
  const path = fc.array(pathPart, { maxLength: 8 }).map((parts) => '/' + parts.join(''));

  it('matches the same paths with the same params, keys and matched prefix', () => {
    fc.assert(
      fc.property(pattern, fc.constantFrom<'get' | 'use'>('get', 'use'), fc.boolean(), fc.boolean(), fc.array(path, { minLength: 1, maxLength: 8 }), (p, kind, sensitive, strict, paths) => {
        for (const candidate of paths) {
          assert.deepEqual(viaPortico(p, kind, sensitive, strict, candidate), viaExpress(p, kind, sensitive, strict, candidate), `${kind} ${p} ${candidate}`);
        }
      }),
      { numRuns: 1500, seed: 424242 },
    );
  });
});
