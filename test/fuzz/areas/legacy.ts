// The 3.x entry against express@3.21: routes of the 3.x router (its path syntax, case and strict
// settings), query strings (3.x always parses with qs), the 3.x response forms (status first in
// send/json/jsonp, redirect with the status last or first), and express.static.
import fc from 'fast-check';
import { piecesOf, type FuzzArea } from '../differential';

const SEGMENTS = ['a', 'b', 'A', 'x.y', ':p', ':p?', '*', ':p(\\d+)', ':p.:q'];
const PATH_PIECES = ['/', 'a', 'b', 'A', '.', 'x.y', '%2F', '%41', '%zz', '//', '7', "'", '?a[b]=1', '?c=1&c=2', '#x'];
const VALUES: unknown[] = ['text', '', { a: [1] }, [1], null, 42, true, 'é'];

type Answer =
  | { op: 'send' | 'json' | 'jsonp'; status: number | null; value: unknown }
  | { op: 'redirect'; status: number | null; statusFirst: boolean; url: string }
  | { op: 'sendStatus'; status: number };

interface LegacyCase {
  caseSensitive: boolean;
  strict: boolean;
  routes: Array<{ method: 'get' | 'post' | 'all'; pattern: string; answer: Answer }>;
  requests: Array<[string, string]>;
}

const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc.record({ op: fc.constantFrom('send' as const, 'json' as const, 'jsonp' as const), status: fc.option(fc.constantFrom(200, 201, 404, 500), { nil: null }), value: fc.constantFrom(...VALUES) }),
  fc.record({ op: fc.constant('redirect' as const), status: fc.option(fc.constantFrom(301, 302), { nil: null }), statusFirst: fc.boolean(), url: fc.constantFrom('/a', 'back', 'http://x.test/<b>', 'b/c', '..') }),
);

export const legacyArea: FuzzArea<LegacyCase> = {
  name: 'legacy',
  api: '3.x',
  shortRuns: 60,
  arbitrary: fc.record({
    caseSensitive: fc.boolean(),
    strict: fc.boolean(),
    routes: fc.array(
      fc.record({
        method: fc.constantFrom<'get' | 'post' | 'all'>('get', 'post', 'all'),
        pattern: fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 3 }).chain((s) => fc.constantFrom('', '/').map((t) => '/' + s.join('/') + (s.length ? t : ''))),
        answer,
      }),
      { minLength: 1, maxLength: 3 },
    ),
    // HEAD is left out: express@3 answers it from the first route registered for HEAD (which `all`
    // routes are) before any GET route, and portico/legacy in registration order (docs/fuzzing.md).
    requests: fc.array(fc.tuple(fc.constantFrom('GET', 'POST'), piecesOf(PATH_PIECES, 6).map((p) => (p.startsWith('/') ? p : '/' + p))), { minLength: 1, maxLength: 3 }),
  }),
  build(framework, c) {
    const app = framework();
    app.set('env', 'production');
    if (c.caseSensitive) app.enable('case sensitive routing');
    if (c.strict) app.enable('strict routing');
    app.use('/static', framework.static(__dirname));
    for (const r of c.routes) {
      const a = r.answer;
      app[r.method](r.pattern, (req: { params: unknown; query: unknown }, res: Record<string, (...x: unknown[]) => void>) => {
        res.set('X-Params', JSON.stringify(req.params));
        res.set('X-Query', JSON.stringify(req.query));
        if (a.op === 'redirect') {
          if (a.status === null) res.redirect(a.url);
          else if (a.statusFirst) res.redirect(a.status, a.url);
          else res.redirect(a.url, a.status);
        } else if (a.op === 'sendStatus') res.send(a.status);
        else if (a.status === null) res[a.op](a.value);
        else res[a.op](a.status, a.value);
      });
    }
    // The default error page prints the stack, whose frames are each framework's own files.
    app.use((err: Error & { status?: number }, _req: unknown, res: { send(s: number, b: string): void }, _next: unknown) =>
      res.send(err.status ?? 500, JSON.stringify({ name: err.name, message: err.message, own: Object.getOwnPropertyNames(err).sort() })),
    );
    return app;
  },
  requests: (c) => [...c.requests.map(([m, p]) => `${m} ${p} HTTP/1.1\r\nHost: fuzz.test\r\nReferer: /from\r\n\r\n`), 'GET /static/legacy.ts HTTP/1.1\r\nHost: fuzz.test\r\nRange: bytes=0-9\r\n\r\n', 'GET /static/nope HTTP/1.1\r\nHost: fuzz.test\r\n\r\n'],
};
