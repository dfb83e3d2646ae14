// portico/5: the Express 5 application, request, response and router, and what Express 5 removed.
import portico5 from '../../src/express5/index';
import type { Request, Response, NextFunction, Express } from '../../src/express5/index';
import type { ParsedQs } from '../../src/types/index';
import { check, type Equal } from './assert-type';

const app: Express = portico5();
app.use(portico5.json());
app.use(portico5.urlencoded({ extended: false }));
app.use('/assets', portico5.static('public', { dotfiles: 'ignore' }));

app.get('/users/:id', (req, res) => {
  check<Equal<typeof req, Request<{ id: string }>>>();
  check<Equal<typeof res, Response>>();
  check<Equal<typeof req.query, ParsedQs>>();
  const host: string | undefined = req.host;
  const charsets: string | false = req.acceptsCharsets('utf-8');
  void [host, charsets];
  res.status(201).json({ id: req.params.id });
});

// Route paths in Express 5's syntax: `*name` matches segments (a list), `{…}` makes parameters optional.
app.get('/files/*path', (req, res) => {
  check<Equal<typeof req.params, { path: string[] }>>();
  res.json(req.params.path);
});
app.get('/users{/:id}', (req, res) => {
  check<Equal<typeof req.params, { id?: string }>>();
  res.end();
});
app.get('/:from-:to{.:format}/\\:literal', (req, res) => {
  check<Equal<typeof req.params, { from: string; to: string; format?: string }>>();
  res.end();
});

app.get('/redirect', (_req, res) => {
  res.redirect(301, '/elsewhere');
  res.links({ next: ['/a', '/b'] });
});

const router = portico5.Router({ mergeParams: true });
router.get('/', (req: Request, res: Response, next: NextFunction) => {
  if (req.query.page === undefined) return next();
  res.send(1); // a number is a JSON body in Express 5
});
app.use('/items', router);
app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
  res.status(500).send(err.message);
});
app.param('id', (_req, _res, next, value) => {
  void value;
  next();
});
app.listen(0, (error?: Error) => {
  if (error) throw error;
});
const mainRouter = app.router;
void mainRouter;

// What Express 5 removed or changed must not compile.
app.get('/removed', (req, res) => {
  // @ts-expect-error -- req.param() was removed in Express 5
  req.param('id');
  // @ts-expect-error -- the singular acceptsCharset was removed
  req.acceptsCharset('utf-8');
  // @ts-expect-error -- req.query is a getter without a setter
  req.query = {};
  // @ts-expect-error -- res.sendfile was removed
  res.sendfile('/tmp/x');
  // @ts-expect-error -- the status is not an argument of json any more
  res.json(200, { a: 1 });
  // @ts-expect-error -- redirect(url, status) was removed
  res.redirect('/x', 301);
});
// @ts-expect-error -- app.del was removed
app.del('/x', () => undefined);
// @ts-expect-error -- app.lazyRouter was removed
app.lazyRouter();
