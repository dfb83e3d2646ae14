// The request: properties and methods, the generics, and StrictRequest.
import portico from '../../src/index';
import type { Request, StrictRequest, ParsedQs, Application, Response, RangeResult, PathParams } from '../../src/index';
import { check, type Equal, type IsAny } from './assert-type';

const app = portico();

app.get('/r', (req, res) => {
  check<Equal<typeof req.app, Application>>();
  check<Equal<typeof req.res, Response>>();
  check<Equal<typeof req.query, ParsedQs>>();
  check<IsAny<typeof req.body>>();
  check<IsAny<typeof req.cookies.session>>();
  check<Equal<typeof req.baseUrl | typeof req.originalUrl | typeof req.url | typeof req.method | typeof req.path, string>>();
  check<Equal<typeof req.protocol | typeof req.hostname, string>>();
  check<Equal<typeof req.ip, string | undefined>>();
  check<Equal<typeof req.ips | typeof req.subdomains, string[]>>();
  check<Equal<typeof req.secure | typeof req.fresh | typeof req.stale | typeof req.xhr, boolean>>();
  check<Equal<typeof req.route.path, PathParams>>();
  check<Equal<typeof req.route.methods, Record<string, boolean>>>();

  const host: string | undefined = req.get('host');
  const setCookie: string[] | undefined = req.get('set-cookie');
  const referer: string | undefined = req.header('Referrer');
  void [host, setCookie, referer];

  const all: string[] = req.accepts();
  const one: string | false = req.accepts('html');
  const ofList: string | false = req.accepts(['json', 'html']);
  const ofArgs: string | false = req.accepts('json', 'text');
  const languages: string[] = req.acceptsLanguages();
  const charset: string | false = req.acceptsCharsets('utf-8');
  const encoding: string | false = req.acceptsEncodings(['gzip', 'br']);
  void [all, one, ofList, ofArgs, languages, charset, encoding];

  const type: string | false | null = req.is('json');
  const types: string | false | null = req.is(['json', 'text/*']);
  void [type, types];

  const ranges = req.range(1000, { combine: true });
  check<Equal<typeof ranges, RangeResult>>();
  if (ranges !== undefined && ranges !== -1 && ranges !== -2) {
    const unit: string = ranges.type;
    const first: number = ranges[0].start + ranges[0].end;
    void [unit, first];
  }
  // @ts-expect-error readonly: computed from the request
  req.hostname = 'example.com';
  // @ts-expect-error the size comes first
  req.range('bytes=0-1');
  // @ts-expect-error accepts answers false, not undefined, when nothing is acceptable
  const noMatch: string | undefined = req.accepts('html');
  void noMatch;
  res.end();
});

// The generics of Request: params, response body, request body, query, locals.
interface CreateUser {
  name: string;
}
interface Filters extends ParsedQs {
  q?: string;
}
function createUser(req: Request<{ org: string }, { id: number }, CreateUser, Filters, { userId: string }>, res: Response<{ id: number }, { userId: string }>): void {
  check<Equal<typeof req.body, CreateUser>>();
  check<Equal<typeof req.query.q, string | undefined>>();
  check<Equal<typeof req.params.org, string>>();
  check<Equal<typeof res.locals.userId, string>>();
  res.status(201).json({ id: req.body.name.length });
  // @ts-expect-error the response body type is { id: number }
  res.json({ id: 'x' });
}
app.post('/orgs/:org/users', createUser);

// StrictRequest: body, cookies and locals are unknown until validated.
app.post('/strict/:id', (req: StrictRequest<{ id: string }>, res) => {
  check<Equal<typeof req.body, unknown>>();
  check<Equal<typeof req.cookies.token, unknown>>();
  check<Equal<typeof req.params.id, string>>();
  // @ts-expect-error unknown must be narrowed first
  void req.body.name;
  if (typeof req.body === 'object' && req.body !== null && 'name' in req.body) res.send(String(req.body.name));
});
