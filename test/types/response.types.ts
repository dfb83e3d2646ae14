// The response: sending, files, headers, cookies, redirects, format, links and render.
import portico from '../../src/index';
import type { Response, Request, NextFunction, CookieOptions, SendFileOptions, Locals } from '../../src/index';
import { check, type Equal, type IsAny } from './assert-type';

const app = portico();

app.get('/send', (req, res) => {
  check<Equal<ReturnType<typeof res.status>, typeof res>>();
  res.status(200).send('<p>hi</p>');
  res.send(Buffer.from('x'));
  res.send({ ok: true });
  res.json([1, 2]);
  res.jsonp({ callback: 'ok' });
  res.sendStatus(204);
  res.set('X-One', '1').set({ 'X-Two': '2', 'X-Count': 3 }).header('X-List', ['a', 'b']).append('Vary', 'Accept');
  res.type('json').contentType('text/html').attachment('report.pdf').vary(['Accept', 'Origin']).location('/next');
  const header: string | undefined = res.get('Content-Type');
  const sent: boolean = res.headersSent;
  void [header, sent];
  check<IsAny<typeof res.locals.anything>>();
  check<Equal<typeof res.req, Request>>();
  // @ts-expect-error status codes are numbers
  res.status('404');
  // @ts-expect-error header values are strings, numbers or lists of strings
  res.set('X-Bad', { nested: true });
});

app.get('/redirect', (_req, res) => {
  res.redirect('/login');
  res.redirect(301, '/moved');
  res.redirect('back');
  // @ts-expect-error a URL is required
  res.redirect(301);
});

app.get('/cookie', (_req, res) => {
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', maxAge: 60_000, signed: true, secure: true, priority: 'high' };
  res.cookie('session', 'abc', options).cookie('prefs', { theme: 'dark' }).clearCookie('old', { path: '/' });
  // @ts-expect-error sameSite takes a Boolean or lax/strict/none
  res.cookie('x', 'y', { sameSite: 'sometimes' });
  // @ts-expect-error maxAge is in milliseconds, a number
  res.cookie('x', 'y', { maxAge: '1d' });
});

app.get('/files', (_req, res, next) => {
  res.sendFile('/abs/path.txt');
  res.sendFile('path.txt', { root: '/srv', maxAge: '1d', dotfiles: 'deny', headers: { 'X-Sent': 'yes' } }, (err) => {
    check<Equal<typeof err, Error | undefined>>();
    if (err) next(err);
  });
  // Callbacks annotated the way @types/express declares them are accepted.
  res.sendFile('/abs', (err: Error) => void err);
  res.download('/report.pdf');
  res.download('/report.pdf', 'monthly.pdf');
  res.download('/report.pdf', 'monthly.pdf', (err) => void err);
  res.download('/report.pdf', 'monthly.pdf', { headers: { 'X-A': '1' } }, (err) => void err);
  res.download('/report.pdf', { root: '/srv' });
  const options: SendFileOptions = { acceptRanges: false, cacheControl: false, immutable: true, lastModified: false };
  res.sendFile('/x', options);
  // @ts-expect-error dotfiles is allow, deny or ignore
  res.sendFile('/x', { dotfiles: 'show' });
});

// res.format: handlers are typed; `default` runs when nothing matches.
app.get('/format', (_req, res) => {
  res.format({
    'text/plain': (req, r) => {
      check<Equal<typeof req, Request>>();
      check<Equal<typeof r, Response>>();
      r.send('text');
    },
    json(_req: Request, r: Response) {
      r.json({});
    },
    default: (_req, r, next) => {
      check<Equal<typeof next, NextFunction>>();
      void next;
      r.status(406).end();
    },
  });
  // @ts-expect-error format handlers are functions
  res.format({ html: '<p>' });
});

// res.links: relation names to URLs.
app.get('/links', (_req, res) => {
  res.links({ next: '/page/2', last: '/page/9' }).end();
  // @ts-expect-error URLs are strings
  res.links({ next: 2 });
  // @ts-expect-error an object of relations
  res.links('/page/2');
});

// res.render: with locals, with a callback and no locals, or both.
interface PageLocals {
  title: string;
}
app.get('/render', (_req, res, next) => {
  res.render('index');
  res.render('index', { title: 'Home' });
  res.render('index', (err, html) => {
    check<Equal<typeof err, Error | null>>();
    check<Equal<typeof html, string>>();
    if (err) return next(err);
    res.send(html);
  });
  res.render('index', { title: 'Home' }, (err, html) => (err ? next(err) : res.send(html)));
  // Callbacks annotated the way @types/express declares them are accepted.
  res.render('index', (err: Error, html: string) => void [err, html]);
  const page: PageLocals = { title: 'About' };
  res.render('page', page);
  // @ts-expect-error the view name is a string
  res.render(42);
  // @ts-expect-error a callback of the wrong type is not taken for locals
  res.render('index', (err: Error | null, html: number) => void [err, html]);
});

// res.locals: loose values by default, plus what the application declares on `Locals`.
function useLocals(res: Response<unknown, { user: { name: string } }>): void {
  check<Equal<typeof res.locals.user, { name: string }>>();
  const locals: Locals = res.locals;
  void locals;
}
void useLocals;
