// Routing: route patterns of Express 4's syntax, routers mounted at patterns, the case and strict
// settings, and request paths built from the same pieces (plus encodings and odd segments).
import fc from 'fast-check';
import { piecesOf, request, type Framework, type FuzzArea } from '../differential';

const SEGMENT_PIECES = ['a', 'b', 'A', '.', '-', 'x.y'];
const PATH_PIECES = ['/', 'a', 'b', 'A', '.', '-', 'x.y', '%2F', '%41', '%zz', '%', '//', '..', '~', "'", '7', '12'];

interface Route {
  kind: 'get' | 'post' | 'all' | 'use';
  pattern: string;
}
interface RoutingCase {
  caseSensitive: boolean;
  strict: boolean;
  routes: Route[];
  mount: { at: string; routes: Route[]; mergeParams: boolean } | null;
  requests: Array<[string, string]>;
}

const segment = fc.oneof(
  piecesOf(SEGMENT_PIECES, 3).filter((s) => s.length > 0),
  fc.constantFrom(':p', ':q', ':p?', ':q?', '*', ':p(\\d+)', ':p.:q', ':p-:q', 'a*', ':p*', '(a|b)'),
);
const pattern = fc.array(segment, { minLength: 0, maxLength: 3 }).chain((segs) => fc.constantFrom('', '/').map((tail) => '/' + segs.join('/') + (segs.length ? tail : '')));
const route = fc.record({ kind: fc.constantFrom<Route['kind']>('get', 'post', 'all', 'use'), pattern });

const arbitrary: fc.Arbitrary<RoutingCase> = fc.record({
  caseSensitive: fc.boolean(),
  strict: fc.boolean(),
  routes: fc.array(route, { minLength: 1, maxLength: 4 }),
  mount: fc.option(fc.record({ at: pattern, routes: fc.array(route, { minLength: 1, maxLength: 3 }), mergeParams: fc.boolean() }), { nil: null }),
  requests: fc.array(fc.tuple(fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'PUT'), piecesOf(PATH_PIECES, 7).map((p) => (p.startsWith('/') ? p : '/' + p))), { minLength: 1, maxLength: 4 }),
});

function answer(label: string) {
  return (req: { params: unknown; path: string; baseUrl: string; url: string; originalUrl: string }, res: { json(v: unknown): void }) =>
    res.json({ label, params: req.params, path: req.path, baseUrl: req.baseUrl, url: req.url, originalUrl: req.originalUrl });
}

function addRoutes(target: Framework, routes: Route[], prefix: string): void {
  routes.forEach((r, i) => target[r.kind](r.pattern, answer(`${prefix}${i}`)));
}

export const routingArea: FuzzArea<RoutingCase> = {
  name: 'routing',
  shortRuns: 60,
  arbitrary,
  build(framework, c) {
    const app = framework();
    app.set('env', 'production');
    if (c.caseSensitive) app.enable('case sensitive routing');
    if (c.strict) app.enable('strict routing');
    if (c.mount) {
      const router = framework.Router({ caseSensitive: c.caseSensitive, strict: c.strict, mergeParams: c.mount.mergeParams });
      addRoutes(router, c.mount.routes, 'm');
      app.use(c.mount.at, router);
    }
    addRoutes(app, c.routes, 'r');
    return app;
  },
  requests: (c) => c.requests.map(([method, path]) => request(method, path)),
};
