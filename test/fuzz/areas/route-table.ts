// Route tables large enough that the router walks them through its first-segment index: static,
// parameterised, optional, wildcard and RegExp routes, app.all, middleware on paths and on `/`
// interleaved with them, a mounted router with a table of its own, handlers that pass with
// next(), next('route') or next('router'), and the case and strict settings. Every answer names the
// layer that sent it, so the first registered matching layer must be the same as in Express.
import fc from 'fast-check';
import { request, type Framework, type FuzzArea } from '../differential';

/** First segments: few, so that layers share index buckets and requests hit them. */
const FIRST = ['s1', 's2', 'S1', 's3', 'pad'];
const REQUEST_SEGMENTS = ['s1', 'S1', 's2', 's3', 'x', '12', 's1.json', 'pad', 'pad7', '%73%31'];

type Pass = 'answer' | 'next' | 'route' | 'router';
interface Entry {
  kind: 'get' | 'post' | 'all' | 'use' | 'mount';
  path: string | string[] | RegExp;
  pass: Pass;
  /** The mounted router's table (kind 'mount' only). */
  table: Entry[];
}
interface RouteTableCase {
  caseSensitive: boolean;
  strict: boolean;
  table: Entry[];
  requests: Array<[string, string]>;
}

/** Path patterns of Express 4's syntax (4) or Express 5's (5), all with a literal or pattern first segment. */
function pathArbitrary(syntax: 4 | 5): fc.Arbitrary<string | string[] | RegExp> {
  const first = fc.constantFrom(...FIRST);
  const literal = first.map((s) => '/' + s);
  const withParam = first.map((s) => `/${s}/:id`);
  const optional = first.map((s) => (syntax === 4 ? `/${s}/:id?` : `/${s}{/:id}`));
  const wildcard = first.map((s) => (syntax === 4 ? `/${s}/*` : `/${s}/*rest`));
  const trailing = first.map((s) => `/${s}/`);
  const leadingParam = first.map((s) => `/:p/${s}`);
  const regex = fc.constantFrom(/^\/s1\/x/, /^\/s[12]$/i, /\/12$/);
  const array = fc.tuple(first, first).map(([a, b]) => [`/${a}`, `/${b}/:id`]);
  return fc.oneof(
    { weight: 4, arbitrary: literal },
    { weight: 4, arbitrary: withParam },
    { weight: 1, arbitrary: optional },
    { weight: 1, arbitrary: wildcard },
    { weight: 1, arbitrary: trailing },
    { weight: 1, arbitrary: leadingParam },
    { weight: 1, arbitrary: regex },
    { weight: 1, arbitrary: array },
    { weight: 1, arbitrary: fc.constant('/') },
  );
}

function entryArbitrary(syntax: 4 | 5, nested: boolean): fc.Arbitrary<Entry> {
  const path = pathArbitrary(syntax);
  const pass = fc.constantFrom<Pass>('answer', 'answer', 'next', 'route', 'router');
  const plain = fc.record({
    kind: fc.constantFrom<Entry['kind']>('get', 'get', 'post', 'all', 'use'),
    path,
    pass,
    table: fc.constant<Entry[]>([]),
  });
  if (nested) return plain;
  const mount = fc.record({
    kind: fc.constant<Entry['kind']>('mount'),
    path: fc.constantFrom('/s1', '/S1', '/s2', '/:p', '/'),
    pass: fc.constant<Pass>('answer'),
    table: fc.array(entryArbitrary(syntax, true), { minLength: 1, maxLength: 24 }),
  });
  return fc.oneof({ weight: 9, arbitrary: plain }, { weight: 1, arbitrary: mount });
}

const requestPath = fc
  .tuple(fc.array(fc.constantFrom(...REQUEST_SEGMENTS), { minLength: 1, maxLength: 3 }), fc.constantFrom('', '/', '?q=1'))
  .map(([segments, tail]) => '/' + segments.join('/') + tail);

function caseArbitrary(syntax: 4 | 5): fc.Arbitrary<RouteTableCase> {
  return fc.record({
    caseSensitive: fc.boolean(),
    strict: fc.boolean(),
    // More layers than the router scans directly, so the index is what finds the candidates.
    table: fc.array(entryArbitrary(syntax, false), { minLength: 18, maxLength: 48 }),
    requests: fc.array(fc.tuple(fc.constantFrom('GET', 'GET', 'POST', 'HEAD', 'OPTIONS', 'PUT'), requestPath), { minLength: 2, maxLength: 6 }),
  });
}

type Req = { params: unknown; baseUrl: string; url: string };
type Res = { json(v: unknown): void };
type Next = (arg?: unknown) => void;

function handler(label: string, pass: Pass) {
  return (req: Req, res: Res, next: Next) => {
    if (pass === 'answer') res.json({ label, params: req.params, baseUrl: req.baseUrl, url: req.url });
    else if (pass === 'next') next();
    else next(pass);
  };
}

function register(framework: Framework, target: Framework, table: Entry[], prefix: string, options: { caseSensitive: boolean; strict: boolean }): void {
  table.forEach((entry, i) => {
    const label = prefix + i;
    if (entry.kind === 'mount') {
      const router = framework.Router(options);
      register(framework, router, entry.table, label + '.', options);
      target.use(entry.path, router);
    } else {
      target[entry.kind](entry.path, handler(label, entry.pass));
    }
  });
}

/** The route-table area for Express 4's syntax (compared with express@4) or Express 5's (express@5). */
export function routeTableArea(syntax: 4 | 5): FuzzArea<RouteTableCase> {
  return {
    name: syntax === 4 ? 'route-table' : 'route-table-5',
    api: syntax === 4 ? '4.x' : '5.x',
    shortRuns: 40,
    arbitrary: caseArbitrary(syntax),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      if (c.caseSensitive) app.enable('case sensitive routing');
      if (c.strict) app.enable('strict routing');
      register(framework, app, c.table, 'r', { caseSensitive: c.caseSensitive, strict: c.strict });
      return app;
    },
    requests: (c) => c.requests.map(([method, path]) => request(method, path)),
  };
}
