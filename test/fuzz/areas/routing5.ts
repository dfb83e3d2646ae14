// Routing on portico/5 against express@5.3: route patterns of path-to-regexp 8's syntax (`:name`,
// quoted names, `*name`, `{optional}` groups, escapes) and patterns it rejects, registered with
// app.get/post/all/use, on a mounted router (with `mergeParams`), with param callbacks, under the
// case and strict settings. A pattern the compiler rejects throws at registration: each error's
// name and message is recorded and sent back by the first layer, so registration errors are
// compared as well as the answers.
import fc from 'fast-check';
import { piecesOf, request, type Framework, type FuzzArea } from '../differential';

const LITERALS = ['a', 'b', 'A', '.', '-', 'x.y', 'a.json'];
/** Pieces of path-to-regexp 8 patterns that compile. */
const VALID = [':p', ':q', ':p.:q', ':p-:q', '{:o}', '{.:e}', '{-:f}', 'a{.json}', ':"x y"', '\\(a\\)', '\\:lit', '\\*', '{a}', '{a{b}}', '*w', '*v', '*w.:q', ':p{/*v}', 'a*w'];
/** Pieces the compiler rejects: 4.x syntax and characters 8.x reserves. */
const INVALID = [':', '*', '(', ')', '?', '+', '!', '[', ']', '{', '}', ':p?', ':p*', ':p+', ':p(\\d+)', '(a|b)', 'a*', '{:p', ':1'];
/** A wildcard closing the pattern; VALID puts more of them anywhere in it, several to a path. */
const WILDCARDS = ['', '', '/*w', '{/*w}', '{/*x}'];
/** `#` and `^` (which the legacy URL parser escapes) test where a mount cuts such a URL. */
const PATH_PIECES = ['/', 'a', 'b', 'A', '.', '-', 'x.y', 'a.json', '%2F', '%41', '%zz', '%', '//', '..', '~', '7', '12', 'x%20y', ':lit', '(a)', '*', '?a=1', '#f', '^'];

interface Route {
  kind: 'get' | 'post' | 'all' | 'use';
  pattern: string;
}
interface Routing5Case {
  caseSensitive: boolean;
  strict: boolean;
  /** app.param('p', …) and app.param('q', …) rewrite those params as `set-<value>`. */
  paramCallbacks: boolean;
  routes: Route[];
  mount: { at: string; routes: Route[]; mergeParams: boolean } | null;
  requests: Array<[string, string]>;
}

const segment = fc.oneof(
  { weight: 3, arbitrary: piecesOf(LITERALS, 2).filter((s) => s.length > 0) },
  { weight: 3, arbitrary: fc.constantFrom(...VALID) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID) },
);
const pattern = fc
  .tuple(fc.array(segment, { minLength: 0, maxLength: 3 }), fc.constantFrom(...WILDCARDS), fc.constantFrom('', '/'))
  .map(([segs, wildcard, tail]) => segs.map((s) => (s.startsWith('{') ? '{/' + s.slice(1) : '/' + s)).join('') + wildcard + tail || '/');
const route = fc.record({ kind: fc.constantFrom<Route['kind']>('get', 'post', 'all', 'use'), pattern });

const arbitrary: fc.Arbitrary<Routing5Case> = fc
  .record({
    caseSensitive: fc.boolean(),
    strict: fc.boolean(),
    paramCallbacks: fc.boolean(),
    routes: fc.array(route, { minLength: 1, maxLength: 4 }),
    mount: fc.option(fc.record({ at: pattern, routes: fc.array(route, { minLength: 1, maxLength: 3 }), mergeParams: fc.boolean() }), { nil: null }),
    requests: fc.array(fc.tuple(fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'PUT'), piecesOf(PATH_PIECES, 7).map((p) => (p.startsWith('/') ? p : '/' + p))), { minLength: 1, maxLength: 4 }),
  });

function answer(label: string) {
  return (req: { params: object; path: string; baseUrl: string; url: string; originalUrl: string }, res: { json(v: unknown): void }) =>
    res.json({
      label,
      params: req.params,
      // express@5.3 builds req.params without a prototype; an app calling params.hasOwnProperty sees it.
      prototype: Object.getPrototypeOf(req.params) === null ? 'null' : 'object',
      path: req.path,
      baseUrl: req.baseUrl,
      url: req.url,
      originalUrl: req.originalUrl,
    });
}

function addRoutes(target: Framework, routes: Route[], prefix: string, errors: string[]): void {
  routes.forEach((r, i) => {
    try {
      target[r.kind](r.pattern, answer(`${prefix}${i}`));
    } catch (err) {
      const e = err as Error;
      errors.push(`${prefix}${i} ${r.kind} ${r.pattern}: ${e.constructor.name} ${e.name}: ${e.message}`);
    }
  });
}

function paramCallbacks(target: Framework): void {
  for (const name of ['p', 'q']) {
    target.param(name, (req: { params: Record<string, string> }, _res: unknown, next: () => void, value: string) => {
      req.params[name] = 'set-' + value;
      next();
    });
  }
}

export const routing5Area: FuzzArea<Routing5Case> = {
  name: 'routing-5',
  api: '5.x',
  shortRuns: 50,
  arbitrary,
  build(framework, c) {
    const app = framework();
    app.set('env', 'production');
    if (c.caseSensitive) app.enable('case sensitive routing');
    if (c.strict) app.enable('strict routing');
    const errors: string[] = [];
    // Registered first, read when asked: the list is complete by the time a request comes.
    app.use((req: { url: string }, res: { json(v: unknown): void }, next: () => void) => (req.url === '/__registered' ? res.json(errors) : next()));
    if (c.paramCallbacks) paramCallbacks(app);
    if (c.mount) {
      const router = framework.Router({ caseSensitive: c.caseSensitive, strict: c.strict, mergeParams: c.mount.mergeParams });
      if (c.paramCallbacks) paramCallbacks(router);
      addRoutes(router, c.mount.routes, 'm', errors);
      try {
        app.use(c.mount.at, router);
      } catch (err) {
        const e = err as Error;
        errors.push(`mount ${c.mount.at}: ${e.constructor.name} ${e.name}: ${e.message}`);
      }
    }
    addRoutes(app, c.routes, 'r', errors);
    return app;
  },
  requests: (c) => [request('GET', '/__registered'), ...c.requests.map(([method, path]) => request(method, path))],
};
