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
  | { op: 'end' };

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

function answer(res: Res, f: Final): void {
  if (f.op === 'end') res.end();
  else if (f.op === 'redirect') {
    if (f.status === null) res.redirect(f.value);
    else res.redirect(f.status, f.value);
  } else res[f.op](f.value);
}

export const responseArea: FuzzArea<ResponseCase> = {
  name: 'response',
  shortRuns: 100,
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
    steps: fc.array(step, { maxLength: 3 }),
    final,
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
    return app;
  },
  requests(c) {
    const lines = [`${c.method} /?callback=cb1&cb=a.b%5B0%5D HTTP/1.1`, 'Host: fuzz.test', ...c.headers.map(([n, v]) => `${n}: ${v}`)];
    return [lines.join('\r\n') + '\r\n\r\n'];
  },
};
