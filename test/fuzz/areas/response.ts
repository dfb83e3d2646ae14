// The response helpers with generated arguments: a few header-setting calls, then one call that
// answers; under generated `json spaces`, `json escape`, `etag` and `jsonp callback name`
// settings, and requests with conditional headers, a Referrer and a JSONP callback.
import fc from 'fast-check';
import { type FuzzArea } from '../differential';

const STRINGS = ['', 'a', 'é', '☃', '<b>&"\'</b>', 'http://x.test/a b', '/path?x=1', '..', 'a\u2028b', ' ', 'text/plain', 'json', 'bin', 'application/x-foo; charset=latin1', 'v'];
const VALUES: unknown[] = [null, undefined, true, false, 0, 1.5, -1, 'str', '', { a: 1 }, [1, 'b'], { '<': '\u2028' }];
const STATUSES = [200, 201, 204, 301, 302, 304, 400, 404, 418, 500, 999, 99, '201', 'x'];

type Step =
  | { op: 'set'; name: string; value: string }
  | { op: 'type'; value: string }
  | { op: 'vary'; value: string }
  | { op: 'status'; value: unknown }
  | { op: 'attachment'; value: string | undefined }
  | { op: 'cookie'; name: string; value: unknown; options: Record<string, unknown> }
  | { op: 'clearCookie'; name: string }
  | { op: 'links'; value: string }
  | { op: 'location'; value: string };
type Final =
  | { op: 'send' | 'json' | 'jsonp'; value: unknown }
  | { op: 'sendStatus'; value: unknown }
  | { op: 'redirect'; status: number | null; value: string }
  | { op: 'end' }
  /** A 4.x signature Express 5 removed (`send(status, body)`, `redirect(url, status)`, …): an error case on 5.x. */
  | { op: 'removed'; form: 'send2' | 'json2' | 'jsonp2' | 'redirectLast' | 'sendfile' | 'del'; value: unknown };

interface ResponseCase {
  settings: Record<string, unknown>;
  steps: Step[];
  final: Final;
  method: 'GET' | 'HEAD';
  headers: Array<[string, string]>;
}

const str = fc.constantFrom(...STRINGS);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), name: fc.constantFrom('X-A', 'Content-Type', 'ETag', 'Cache-Control'), value: str }),
  fc.record({ op: fc.constant('type' as const), value: str }),
  fc.record({ op: fc.constant('vary' as const), value: fc.constantFrom('Accept', 'accept, Origin', '*', '') }),
  fc.record({ op: fc.constant('status' as const), value: fc.constantFrom(...STATUSES) }),
  fc.record({ op: fc.constant('attachment' as const), value: fc.option(str, { nil: undefined }) }),
  fc.record({
    op: fc.constant('cookie' as const),
    name: fc.constantFrom('a', 'sid'),
    value: fc.constantFrom<unknown>('v', 'é ;', { j: 1 }, 42),
    options: fc.record({ maxAge: fc.constantFrom(0, 1000, -1), path: fc.constantFrom('/', '/p'), httpOnly: fc.boolean(), sameSite: fc.constantFrom('lax', 'strict', 'none', true), secure: fc.boolean() }, { requiredKeys: [] }),
  }),
  fc.record({ op: fc.constant('clearCookie' as const), name: fc.constantFrom('a', 'sid') }),
  fc.record({ op: fc.constant('links' as const), value: str }),
  fc.record({ op: fc.constant('location' as const), value: fc.constantFrom('back', 'http://x.test/a b', '/é', '//x', '') }),
);
const final: fc.Arbitrary<Final> = fc.oneof(
  fc.record({ op: fc.constantFrom('send' as const, 'json' as const, 'jsonp' as const), value: fc.oneof(fc.constantFrom(...VALUES), str) }),
  fc.record({ op: fc.constant('sendStatus' as const), value: fc.constantFrom(...STATUSES) }),
  fc.record({ op: fc.constant('redirect' as const), status: fc.option(fc.constantFrom(301, 302, 307), { nil: null }), value: fc.constantFrom('back', '/a', 'http://x.test/<b>', '..', '/é?x="1"') }),
  fc.record({ op: fc.constant('end' as const) }),
);

/** Numbers given to res.set: express@5.3 stores a Content-Type that is not a string as `false`. */
const NUMBERS = [1, 0, 2.5];
const step5: fc.Arbitrary<Step> = fc.oneof(
  step,
  fc.record({ op: fc.constant('set' as const), name: fc.constantFrom('X-A', 'Content-Type'), value: fc.constantFrom(...NUMBERS) as unknown as fc.Arbitrary<string> }),
  // Types named by extension, so that one meets an empty body below often enough (`bin` then
  // send(null): express@5.3 gives no charset to application/octet-stream).
  fc.record({ op: fc.constant('type' as const), value: fc.constantFrom('bin', 'json', 'html', 'txt') }),
);
const final5: fc.Arbitrary<Final> = fc.oneof(
  { weight: 4, arbitrary: final },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('send' as const), value: fc.constantFrom<unknown>(null, undefined) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('removed' as const),
      form: fc.constantFrom('send2' as const, 'json2' as const, 'jsonp2' as const, 'redirectLast' as const, 'sendfile' as const, 'del' as const),
      value: fc.constantFrom<unknown>(200, 201, 404, 'x', { a: 1 }),
    }),
  },
);

type Res = Record<string, (...args: unknown[]) => unknown>;

function apply(res: Res, s: Step): void {
  switch (s.op) {
    case 'set':
      res.set(s.name, s.value);
      break;
    case 'cookie':
      res.cookie(s.name, s.value, s.options);
      break;
    case 'clearCookie':
      res.clearCookie(s.name);
      break;
    case 'links':
      res.links({ next: s.value });
      break;
    default:
      res[s.op](s.value);
  }
}

function removed(res: Res, f: Extract<Final, { op: 'removed' }>): void {
  if (f.form === 'send2') res.send(f.value, 'body');
  else if (f.form === 'json2') res.json(f.value, { a: 1 });
  else if (f.form === 'jsonp2') res.jsonp(f.value, [1]);
  else if (f.form === 'redirectLast') res.redirect('/a', f.value);
  else if (f.form === 'sendfile') res.sendfile('/nowhere.txt');
  else res.del(f.value);
}

function answer(res: Res, f: Final): void {
  if (f.op === 'end') res.end();
  else if (f.op === 'removed') removed(res, f);
  else if (f.op === 'redirect') {
    if (f.status === null) res.redirect(f.value);
    else res.redirect(f.status, f.value);
  } else res[f.op](f.value);
}

function responseAreaOf(api: '4.x' | '5.x'): FuzzArea<ResponseCase> {
  return {
    name: api === '4.x' ? 'response' : 'response-5',
    api,
    shortRuns: api === '4.x' ? 100 : 60,
    arbitrary: fc.record({
      settings: fc.record(
        {
          'json spaces': fc.constantFrom(0, 2, '\t'),
          'json escape': fc.boolean(),
          etag: fc.constantFrom(false, 'weak', 'strong'),
          'jsonp callback name': fc.constantFrom('callback', 'cb'),
        },
        { requiredKeys: [] },
      ),
      steps: fc.array(api === '4.x' ? step : step5, { maxLength: 3 }),
      final: api === '4.x' ? final : final5,
      method: fc.constantFrom<ResponseCase['method']>('GET', 'HEAD'),
      headers: fc.array(
        fc.constantFrom<[string, string]>(['If-None-Match', '*'], ['If-None-Match', 'W/"x"'], ['Referer', '/from'], ['Referrer', 'http://x.test/é'], ['Accept', 'application/json']),
        { maxLength: 2 },
      ),
    }),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      for (const [name, value] of Object.entries(c.settings)) app.set(name, value);
      app.get('/', (_req: unknown, res: Res) => {
        for (const s of c.steps) apply(res, s);
        answer(res, c.final);
      });
      // On 5.x the thrown errors (an invalid status, a removed signature) are compared by what they say.
      if (api === '5.x') {
        app.use((err: Error & { status?: unknown; statusCode?: unknown }, _req: unknown, res: { headersSent: boolean; status(n: number): { json(v: unknown): void } }, next: (e: unknown) => void) => {
          if (res.headersSent) return next(err);
          res.status(500).json({ class: err.constructor.name, name: err.name, message: err.message, status: err.status ?? null, statusCode: err.statusCode ?? null });
        });
      }
      return app;
    },
    requests(c) {
      const lines = [`${c.method} /?callback=cb1&cb=a.b%5B0%5D HTTP/1.1`, 'Host: fuzz.test', ...c.headers.map(([n, v]) => `${n}: ${v}`)];
      return [lines.join('\r\n') + '\r\n\r\n'];
    },
  };
}

export const responseArea = responseAreaOf('4.x');
export const response5Area = responseAreaOf('5.x');
