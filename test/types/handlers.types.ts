// Handlers: contextual types of inline handlers, the handler types, error handlers, param callbacks,
// arrays, routers, sub-apps and middleware written for node's plain request/response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import type {
  ErrorRequestHandler,
  NextFunction,
  Request,
  RequestHandler,
  RequestParamHandler,
  Response,
  Router,
  Application,
} from '../../src/index';
import { check, type Equal, type IsAny } from './assert-type';

const app = portico();
const router: Router = portico.Router();

// Inline handlers take Portico's request, response and next from context, in `use`, routes and `all`.
app.use((req, res, next) => {
  check<Equal<typeof req, Request>>();
  check<Equal<typeof res, Response>>();
  check<Equal<typeof next, NextFunction>>();
  next();
});
router.use(function named(req, res, next) {
  check<Equal<typeof req, Request>>();
  next('router');
});
app.all('*', (_req, _res, next) => next('route'));
// Async handlers: the returned promise is allowed.
app.get('/async', async (req, res) => {
  await Promise.resolve(req.path);
  res.json({ ok: true });
});

// Named handler types, as code written for @types/express declares them.
const logger: RequestHandler = (req, _res, next) => {
  check<Equal<typeof req.params, Record<string, string>>>();
  next();
};
const onError: ErrorRequestHandler = (err, req, res, next) => {
  check<IsAny<typeof err>>();
  check<Equal<typeof req, Request>>();
  if (res.headersSent) return next(err);
  res.status(500).json({ message: String(err) });
};
function typedErrorHandler(err: Error, _req: Request, res: Response, _next: NextFunction): void {
  res.status(500).send(err.message);
}
// An inline error handler takes its types from `satisfies ErrorRequestHandler` (see docs/typescript.md for
// why `use` alone cannot tell a four-parameter arrow from a three-parameter one before typing it).
app.use(
  ((err, req, res, next) => {
    check<IsAny<typeof err>>();
    check<Equal<typeof req, Request>>();
    check<Equal<typeof next, NextFunction>>();
    if (res.headersSent) return next(err);
    res.status(500).end();
  }) satisfies ErrorRequestHandler,
);
app.use(logger);
app.use(onError);
app.use(typedErrorHandler);
app.use('/api', logger, onError);
app.get('/both', logger, (req, res) => res.end(), onError);

// Arrays (nested), routers and sub-applications mount like handlers.
const admin: Application = portico();
app.use([logger, [logger, (req, _res, next) => next(req.url === '/' ? undefined : 'route')]]);
app.use('/admin', admin);
app.use('/api', router);
router.use('/nested', portico.Router());
admin.on('mount', (parent) => {
  check<Equal<typeof parent, Application>>();
  void parent;
});

// Middleware written for node's own request/response works as is.
function nodeMiddleware(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
  res.setHeader('x-url', req.url ?? '');
  next();
}
app.use(nodeMiddleware);
app.get('/node/:id', nodeMiddleware, (req, res) => res.send(req.params.id));

// Param callbacks: the value is the decoded parameter, a string.
app.param('id', (req, _res, next, value, name) => {
  check<Equal<typeof value, string>>();
  check<Equal<typeof name, string>>();
  void [value, name];
  check<Equal<typeof req, Request>>();
  next();
});
app.param(['a', 'b'], (_req, _res, next, value: string) => next(value ? undefined : new Error('empty')));
const loadUser: RequestParamHandler = (_req, _res, next, id) => next(id.length > 0 ? undefined : 'route');
router.param('user', loadUser);

// next() takes nothing, 'route', 'router' or an error.
app.use((_req, _res, next) => {
  next();
  next('route');
  next('router');
  next(new Error('x'));
});

// A spread array of handlers, with or without a path; inline handlers beside it keep their types.
const middlewares: RequestHandler[] = [portico.json(), (_req, _res, next) => next()];
app.use(...middlewares);
app.use('/spread', ...middlewares);
app.use((req, _res, next) => next(req.url), ...middlewares);
router.use(...middlewares);

// Handlers return void (as in @types/express): any function fits, and a method typed
// `void | Promise<void>` may return a handler's result.
class Controller {
  private readonly inner: RequestHandler = (_req, res) => res.json({});
  handle(req: Request, res: Response, next: NextFunction): void | Promise<void> {
    return this.inner(req, res, next);
  }
}
const controller = new Controller();
app.get('/controller', (req, res, next) => controller.handle(req, res, next));
check<Equal<ReturnType<RequestHandler>, void>>();
check<Equal<ReturnType<ErrorRequestHandler>, void>>();

// Not middleware at all.
// @ts-expect-error a string is not a handler
app.use('/x', 'not a function');
// @ts-expect-error a number is not a handler
app.get('/x', 42);
// @ts-expect-error nothing to mount
app.use();
// @ts-expect-error router.param takes one name (arrays are for app.param)
router.param(['a', 'b'], loadUser);
// @ts-expect-error inside an inline handler, res is a response, not a request
app.use((_req, res) => res.path);
