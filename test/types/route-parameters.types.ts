// Route parameters typed from the path literal: RouteParameters itself, then app/router/route inference.
import portico from '../../src/index';
import type { RouteParameters, ParamsDictionary, Request } from '../../src/index';
import { check, type Equal } from './assert-type';

check<Equal<RouteParameters<'/users/:id'>, { id: string }>>();
check<Equal<RouteParameters<'/users/:userId/books/:bookId'>, { userId: string; bookId: string }>>();
check<Equal<RouteParameters<'/users/:id?'>, { id?: string }>>();
check<Equal<RouteParameters<'/p/:a?/:b?'>, { a?: string; b?: string }>>();
check<Equal<RouteParameters<'/users/:id(\\d+)'>, { id: string }>>();
check<Equal<RouteParameters<'/u/:id(\\d+)?'>, { id?: string }>>();
check<Equal<RouteParameters<'/s/:x(a|(b))/:y'>, { x: string; y: string }>>();
check<Equal<RouteParameters<'/files/*'>, { '0': string }>>();
check<Equal<RouteParameters<'/a/*/:y/*'>, { '0': string; y: string; '1': string }>>();
check<Equal<RouteParameters<'*'>, { '0': string }>>();
check<Equal<RouteParameters<'/a/:x*'>, { x: string; '0': string }>>();
check<Equal<RouteParameters<'/a/:x?*'>, { x?: string; '0': string }>>();
check<Equal<RouteParameters<'/f/:name.:ext'>, { name: string; ext: string }>>();
check<Equal<RouteParameters<'/f/:name.:ext?'>, { name: string; ext?: string }>>();
check<Equal<RouteParameters<'/g/:from-:to'>, { from: string; to: string }>>();
check<Equal<RouteParameters<'/k/:_key1'>, { _key1: string }>>();
// Unnamed groups capture by index, except a group that opens a segment (`/(…)`), which Express leaves uncaptured.
check<Equal<RouteParameters<'/a(bc)?d'>, { '0'?: string }>>();
check<Equal<RouteParameters<'/a(b)?/*'>, { '0'?: string; '1': string }>>();
check<Equal<RouteParameters<'/w/(foo|bar)/:id'>, { id: string }>>();
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- exactly what a path without parameters gives
check<Equal<RouteParameters<'/static/path'>, {}>>();
check<Equal<RouteParameters<string>, ParamsDictionary>>();

const app = portico();
const router = portico.Router();

app.get('/users/:id', (req, res) => {
  check<Equal<typeof req.params, { id: string }>>();
  // @ts-expect-error a parameter the path does not declare
  void req.params.name;
  res.send(req.params.id);
});

app.post('/users/:id/avatar/:size?', (req, res, next) => {
  check<Equal<typeof req.params, { id: string; size?: string }>>();
  // @ts-expect-error an optional parameter may be missing
  const size: string = req.params.size;
  void size;
  next();
});

router.put('/files/*', (req, res) => {
  const rest: string = req.params[0];
  // @ts-expect-error only one unnamed capture
  void req.params[1];
  res.end(rest);
});

router.delete('/n/:id(\\d+)', function (req, res) {
  check<Equal<typeof req.params, { id: string }>>();
  res.sendStatus(204);
});

// Regular-expression routes: captures by index (and named groups by name).
app.get(/^\/r\/(\d+)\/(?<slug>\w+)$/, (req, res) => {
  const first: string = req.params[0];
  const slug: string = req.params.slug;
  res.send(first + slug);
});

// Lists of paths: the parameters of any of them may be present.
router.get(['/a/:id', '/b/:id'], (req, res) => {
  check<Equal<typeof req.params, ParamsDictionary>>();
  res.end();
});

// `use` paths are prefixes, with parameters too; `all` and `route` read the path the same way.
app.use('/orgs/:org', (req, _res, next) => {
  check<Equal<typeof req.params, { org: string }>>();
  next();
});
app.all('/any/:thing', (req, res) => {
  check<Equal<typeof req.params, { thing: string }>>();
  res.end();
});
app
  .route('/books/:isbn')
  .get((req, res) => {
    check<Equal<typeof req.params, { isbn: string }>>();
    res.end();
  })
  .put((req, res) => {
    // @ts-expect-error not a parameter of this route
    void req.params.id;
    res.end();
  });
router.route('/r/:a/:b').all((req, _res, next) => {
  check<Equal<typeof req.params, { a: string; b: string }>>();
  next();
});

// Explicit parameters, the way code written for @types/express gives them: from an annotated handler,
// as the second type argument after the path, or as the first when the path is not a literal.
interface UserParams {
  userId: string;
}
const mergeParamsRouter = portico.Router({ mergeParams: true });
mergeParamsRouter.get('/', (req: Request<UserParams>, res) => {
  check<Equal<typeof req.params, UserParams>>();
  res.send(req.params.userId);
});
mergeParamsRouter.get<'/books', UserParams>('/books', (req, res) => {
  check<Equal<typeof req.params, UserParams>>();
  res.end();
});
mergeParamsRouter.get<UserParams>(/^\/x/, (req, res) => {
  check<Equal<typeof req.params, UserParams>>();
  res.end();
});

// A handler annotated with a `P` that the path does not provide names its parameters (as with
// @types/express, for `mergeParams` routers); inside inline handlers, unknown names stay errors.
app.get('/posts', (req: Request<{ slug: string }>, res) => res.send(req.params.slug));
