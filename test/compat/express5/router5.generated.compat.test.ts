import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compareRouters, type Next, type Req, type Res, type TestRouter, type RouterFactory } from '../../helpers/router5-compare';

// Generated mount paths (`use`, end: false) and route paths on createRouter5 and router@2.3: each
// run registers a few patterns (some invalid) as middleware and as routes, and sends generated
// paths; every layer that runs records its index, req.url, req.baseUrl and req.params.

const segment = fc.constantFrom('a', 'A', 'b', 'x-y', 'a.b', '%41', '%2F', '~', '_');
// Wildcards may follow one another and share a segment with captures: path-to-regexp 8.4 bounds
// each of them by the text around it, and so must the pattern compiler.
const patternPiece = fc.oneof(
  { weight: 4, arbitrary: segment.map((s) => '/' + s) },
  { weight: 2, arbitrary: fc.constantFrom('/:p', '/:q', '{/:o}', '/', '{/x}', '.json', '-:d', '{.:e}', '{-:f}') },
  { weight: 1, arbitrary: fc.constantFrom('(', '?', '*', ':', '{', '\\') },
);
const wildcard = fc.constantFrom('', '/*s', '{/*r}', '/*s/*t', '/*s{/*r}', '*s.:e{/*r}', '/:p-*s', '/*s-:e', '/*s.:e/*t', '-*s{.*t}');
const pattern = fc
  .tuple(fc.array(patternPiece, { minLength: 0, maxLength: 4 }), wildcard, fc.array(segment.map((s) => '/' + s), { maxLength: 1 }))
  .map(([xs, w, ys]) => xs.join('') + w + ys.join('') || '/');
const requestPath = fc
  .tuple(fc.array(fc.oneof(segment, fc.constantFrom('', 'a.json', 'Q', '1--', 'a..', 'b-.-')), { minLength: 0, maxLength: 4 }), fc.constantFrom('', '/', '?x=1', '//'))
  .map(([xs, tail]) => '/' + xs.join('/') + tail);

function define(patterns: string[], options: { caseSensitive: boolean; strict: boolean }) {
  return (Router: RouterFactory): TestRouter => {
    const r = Router(options);
    const errors: string[] = [];
    const record = (tag: string) => (req: Req, _res: Res, next: Next) => {
      const log = ((req as unknown as { log?: unknown[] }).log ??= []);
      log.push([tag, req.url, req.baseUrl, req.params]);
      next();
    };
    patterns.forEach((p, i) => {
      try {
        r.use(p, record('use' + i));
      } catch (err) {
        errors.push('use ' + p + ': ' + (err as Error).message);
      }
      try {
        r.get(p, record('get' + i));
      } catch (err) {
        errors.push('get ' + p + ': ' + (err as Error).message);
      }
    });
    r.use((req: Req, res: Res) => {
      res.end(JSON.stringify({ errors, log: (req as unknown as { log?: unknown[] }).log ?? [] }));
    });
    return r;
  };
}

describe('createRouter5 on generated paths as router@2.3', () => {
  it('matches generated mount paths and routes, with the same url, baseUrl and params', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pattern, { minLength: 1, maxLength: 4 }),
        fc.array(requestPath, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (patterns, paths, caseSensitive, strict) => {
          await compareRouters(define(patterns, { caseSensitive, strict }), paths);
        },
      ),
      { seed: 5202611, numRuns: 120 },
    );
  });
});
