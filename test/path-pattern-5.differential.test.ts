import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RunningServer } from './helpers/server';
import { startExpress5Oracle, askExpress5, askPortico5 } from './helpers/express5-pattern-oracle';

// Pieces of the Express 5 path grammar, some of them invalid on purpose (reserved characters,
// unbalanced braces, a trailing escape, parameters with no text between them).
const text = fc.constantFrom('/', '/a', '-', '.', 'x', '/x-', 'A', '/b.', ';', '\\(', '\\:');
const param = fc.constantFrom(':a', ':b', ':c', ':"q"', '*w', '*v');
const invalid = fc.constantFrom('(', '?', '+', '!', '[', '}', '{', '\\', ':', '*', ':1');
const piece: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { weight: 5, arbitrary: text },
    { weight: 3, arbitrary: param },
    { weight: 2, arbitrary: fc.array(tie('p'), { maxLength: 3 }).map((xs) => '{' + xs.join('') + '}') },
  ),
})).p;
const pattern = fc.tuple(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.option(invalid, { freq: 8 })).map(([xs, bad]) =>
  bad === null ? xs.join('') : xs.join('') + bad,
);
const pathChars = fc.constantFrom('a', 'A', 'x', 'X', '-', '.', '/', '/', ';', '%41', '%2F', '%E0%A4', 'q');
/** A path written from the pattern (groups taken or not, values filled in), then perhaps mutated. */
function pathFor(p: string, bits: number[], fill: string[], mutate: number): string {
  let out = '';
  let bit = 0;
  let depthSkipped = 0;
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '{') {
      depth++;
      if (depthSkipped === 0 && (bits[bit++ % bits.length] ?? 0) === 1) depthSkipped = depth;
      continue;
    }
    if (c === '}') {
      if (depthSkipped === depth) depthSkipped = 0;
      depth--;
      continue;
    }
    if (depthSkipped !== 0) continue;
    if (c === '\\') out += p[++i] === '(' ? '(' : (p[i] ?? '');
    else if (c === ':' || c === '*') {
      while (i + 1 < p.length && /[\w"]/.test(p[i + 1])) i++;
      out += fill[i % fill.length] ?? 'v';
    } else out += c;
  }
  if (!out.startsWith('/')) out = '/' + out;
  if (mutate === 1) out += '/';
  if (mutate === 2) out = out.slice(0, -1) || '/';
  if (mutate === 3) out = out.toUpperCase().replace(/%2F/g, '%2f');
  return out.replace(/[^A-Za-z0-9\-._~%/;:@!$&'()*+,=]/g, (ch) => encodeURIComponent(ch));
}

describe('Express 5 path patterns against express@5.3 over HTTP', () => {
  let oracle: RunningServer;
  before(async () => {
    oracle = await startExpress5Oracle();
  });
  after(() => oracle.close());

  it('matches, captures and rejects generated patterns as Express 5 does', async () => {
    await fc.assert(
      fc.asyncProperty(
        pattern,
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(pathChars, { minLength: 1, maxLength: 4 }).map((xs) => xs.join('')), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.boolean(),
        async (p, bits, fill, mutate, sensitive, strict) => {
          const path = pathFor(p, bits, fill, mutate);
          const options = { sensitive, strict };
          assert.deepEqual(askPortico5(p, path, options), await askExpress5(oracle, p, path, options), `${p} on ${path}`);
        },
      ),
      { seed: 20261128, numRuns: 1500 },
    );
  });

  const table: Array<[string, string]> = [
    ['/*splat', '/a/b%20c/d'],
    ['/*splat', '/'],
    ['/{*splat}', '/'],
    ['/{*splat}', '/a//b/'],
    ['/:file{.:ext}', '/x.tar.gz'],
    ['/:file{.:ext}', '/x'],
    ['/user{s}', '/users'],
    ['/user{s}', '/user'],
    ['{/:optional}', '/'],
    ['{/:optional}', '/x'],
    ['/:a-:b-:c', '/1-2-3-4'],
    ['/:a{-:b}{-:c}', '/1-2-3-4'],
    ['/:a{-:b}', '/1-2-'],
    ['/:a-x:b', '/1-X2-X3'],
    ['/*a-x:b', '/1-x2/-x3'],
    ['/foo/', '/foo'],
    ['/foo//', '/foo/'],
    ['', '/'],
    ['/', '/'],
    ['/:a', '/%E0%A4%A'],
    ['/*a', '/x/%E0%A4%A/y'],
    ['/:a/:a', '/1/2'],
    ['/:"a b"', '/v'],
    ['/:$x', '/v'],
    ['/:é', '/v'],
    ['/\\{x\\}', '/{x}'],
  ];
  for (const [p, path] of table) {
    for (const strict of [false, true]) {
      it(`answers ${JSON.stringify(p)} on ${path}${strict ? ' (strict)' : ''} as Express 5 does`, async () => {
        const options = { sensitive: false, strict };
        assert.deepEqual(askPortico5(p, path, options), await askExpress5(oracle, p, path, options));
      });
    }
  }
});
