// The application and the framework function's members: settings, engines, listen, locals, static,
// the body parsers and their options, Router and Route.
import type { Stats } from 'node:fs';
import type { Server } from 'node:http';
import http from 'node:http';
import portico from '../../src/index';
import type {
  Application,
  Express,
  Router,
  Route,
  Response,
  JsonOptions,
  UrlencodedOptions,
  RawOptions,
  TextOptions,
  StaticOptions,
  RouterOptions,
  TemplateEngine,
} from '../../src/index';
import { check, type Equal, type IsAny } from './assert-type';

const app: Express = portico();
const asApp: Application = app;
void asApp;

// Settings: app.get(name) is loose (any) by default, as @types/express has it.
const env = app.get('env');
check<IsAny<typeof env>>();
void env;
app.set('trust proxy', 'loopback').set('json spaces', 2).enable('strict routing').disable('x-powered-by');
const strictRouting: boolean = app.enabled('strict routing') && app.disabled('etag');
const viewEngine = app.set('view engine');
void [strictRouting, viewEngine];
check<IsAny<(typeof app.settings)['views']>>();
// @ts-expect-error setting names are strings
app.enable(1);

// Views: engines and app.render.
const engine: TemplateEngine = (path, options, callback) => {
  check<Equal<typeof options, Record<string, unknown>>>();
  callback(null, `<p>${path}</p>`);
};
app.engine('html', engine);
app.engine('ntl', (_path, _options, callback) => callback(new Error('no')));
app.render('email', { name: 'x' }, (err, html) => void [err, html]);
app.render('email', (err, html) => void [err, html]);
app.locals.title = 'Site';
check<IsAny<typeof app.locals.anything>>();
// @ts-expect-error an engine is a function (path, options, callback)
app.engine('bad', 'ejs');

// listen: the forms of server.listen, returning the http.Server.
const servers: Server[] = [
  app.listen(),
  app.listen(3000),
  app.listen('3000', () => undefined),
  app.listen(3000, '127.0.0.1', () => undefined),
  app.listen(3000, '127.0.0.1', 511, (error) => void error),
  app.listen('/tmp/app.sock'),
  app.listen({ port: 0, host: '::1' }),
];
void servers;
http.createServer(app);

// Mounting, path and the mount event.
const blog = portico();
blog.on('mount', (parent) => {
  check<Equal<typeof parent, Application>>();
  void parent.path();
});
app.use('/blog', blog);
// `string | string[]`, as @types/express types it.
const mountpath: string | string[] = blog.mountpath;
check<Equal<typeof blog.mountpath, string | string[]>>();
const path: string = blog.path();
void [mountpath, path];

// Routers: options, and the same route functions as the app.
const routerOptions: RouterOptions = { caseSensitive: true, mergeParams: true, strict: false };
const router: Router = portico.Router(routerOptions);
const chained = router.get('/', (_req, res) => res.end()).post('/', (_req, res) => res.end());
chained['m-search']('/', (_req, res) => res.end());
// @ts-expect-error unknown router option
portico.Router({ caseSensitiv: true });
const route: Route<'/x/:id'> = new portico.Route('/x/:id');
route.get((req, res) => res.send(req.params.id));

// The body parsers and their options.
const jsonOptions: JsonOptions = { limit: '1mb', strict: false, reviver: (_key, value) => value, type: ['application/json', '*/*+json'] };
const urlencodedOptions: UrlencodedOptions = { extended: true, parameterLimit: 100, limit: 1024 };
const rawOptions: RawOptions = { type: 'application/octet-stream', inflate: false };
const textOptions: TextOptions = { defaultCharset: 'utf-8', type: (req) => req.headers['content-type'] === 'text/csv' };
app.use(portico.json(jsonOptions), portico.urlencoded(urlencodedOptions), portico.raw(rawOptions), portico.text(textOptions));
app.use(portico.bodyParsers.json({ verify: (_req, _res, buf, encoding) => void [buf.length, encoding] }));
// @ts-expect-error limit is a number or a size string
portico.json({ limit: true });
// @ts-expect-error `extended` belongs to urlencoded
portico.json({ extended: true });

// static: options, setHeaders with Portico's response and fs.Stats, and the mime table.
const staticOptions: StaticOptions = {
  dotfiles: 'ignore',
  etag: true,
  extensions: ['html', 'htm'],
  fallthrough: false,
  immutable: true,
  index: ['index.html'],
  lastModified: true,
  maxAge: '1d',
  redirect: false,
  setHeaders(res, filePath, stat) {
    check<Equal<typeof res, Response>>();
    check<Equal<typeof filePath, string>>();
    check<Equal<typeof stat, Stats>>();
    res.set('X-Size', String(stat.size));
  },
};
app.use(portico.static('public', staticOptions));
app.use('/assets', portico.static('assets', { setHeaders: (res: Response, _p: string, stat: Stats) => res.setHeader('x-mtime', stat.mtimeMs) }));
const contentType: string = portico.static.mime.lookup('a.html');
const charset: string | undefined = portico.static.mime.charsets.lookup(contentType);
void charset;
// @ts-expect-error setHeaders receives (res, path, stat)
portico.static('x', { setHeaders: (_res: Response, _path: string, stat: string) => void stat });

// The prototypes and other members of the framework function.
const proto: Response = portico.response;
void proto;
app.use(portico.cookieParser('secret'));
const error = new portico.HttpError(404, 'Not here');
const status: number = error.status;
void status;

// app.fetch: a bound fetch handler on every application API (docs/fetch.md).
{
  const handler: portico.FetchHandler = app.fetch;
  const answer: Promise<globalThis.Response> = app.fetch(new Request('http://localhost/'), { remoteAddress: '127.0.0.1' });
  const options: portico.FetchOptions = { remoteAddress: '::1', remotePort: 80, remoteFamily: 'IPv6' };
  check<Equal<Awaited<ReturnType<typeof app.fetch>>, globalThis.Response>>();
  // @ts-expect-error the first argument is a Request
  void app.fetch('http://localhost/');
  const worker = { fetch: app.fetch };
  void handler;
  void answer;
  void options;
  void worker;
}
