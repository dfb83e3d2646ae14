// portico/legacy: the 3.x application, request and response, and the bundled middleware.
import legacy from '../../src/legacy/index';
import type { Request as LegacyRequest, Response as LegacyResponse, Application as LegacyApplication } from '../../src/legacy/index';
import { check, type Equal } from './assert-type';

const app: LegacyApplication = legacy();

app.configure(function () {
  check<Equal<typeof this, LegacyApplication>>();
  this.set('title', 'Legacy');
});
app.configure('development', () => app.use(legacy.basicAuth('user', 'pass')));
app.configure('production', 'staging', () => undefined);

app.use(legacy.bodyParser());
app.use(legacy.cookieParser('secret'));
app.use(legacy.cookieSession({ secret: 'x' }));
app.use(legacy.compress());
app.use(legacy.static('public'));
app.use('/files', legacy.directory('public', { hidden: false }));

app.locals({ title: 'Legacy site' });
app.locals.owner = 'me';

app.get('/users/:id', (req, res) => {
  check<Equal<typeof req, LegacyRequest<{ id: string }>>>();
  check<Equal<typeof res, LegacyResponse>>();
  // 3.x answers: undefined when nothing is acceptable, Booleans from is().
  const type: string | undefined = req.accepts('html');
  const isJson: boolean = req.is('json');
  const languages: string[] = req.acceptedLanguages;
  const best = req.accepted[0];
  void [type, isJson, languages, best?.quality];
  res.locals({ user: req.params.id });
  res.charset = 'iso-8859-1';
  // The status-first forms of 3.x.
  res.send(404, 'Not found');
  res.json(500, { error: true });
  res.send(204);
});

app.get('/file', (_req, res, next) => {
  res.sendfile('report.pdf', { root: '/srv', maxAge: 1000 }, (err) => (err ? next(err) : undefined));
});

const route = app.routes.get?.[0];
if (route) {
  const keys = route.keys.map((k) => k.name);
  void [route.path, route.regexp.source, keys];
}
app.listen(0);

// @ts-expect-error in 3.x, accepts answers undefined rather than false
const negotiated: string | false = legacy().request.accepts('html');
void negotiated;
