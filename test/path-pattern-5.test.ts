import { describe, it } from 'node:test';
import { bestTime } from './helpers/best-time';
import assert from 'node:assert/strict';
import { compilePathPattern5, paramsOf5, PathError, type PathPattern5 } from '../src/router/patterns/express5';
import type { PatternOptions } from '../src/router/patterns/compiled-pattern';

/** Express 5's `req.params` for `pattern` on `path` (a route unless `end: false`), or null. */
function params(pattern: PathPattern5, path: string, options: PatternOptions = {}): Record<string, unknown> | null {
  const compiled = compilePathPattern5(pattern, options);
  const m = compiled.exec(path);
  return m === null ? null : paramsOf5(compiled.keys, m, decodeURIComponent, false);
}

function thrown(pattern: string): Error {
  try {
    compilePathPattern5(pattern);
  } catch (err) {
    return err as Error;
  }
  throw new Error('no error for ' + pattern);
}

const SUFFIX = '; visit https://git.new/pathToRegexpError for info';

describe('compilePathPattern5', () => {
  describe('parameters', () => {
    it('captures :name up to the next /', () => assert.deepEqual(params('/user/:id', '/user/42'), { id: '42' }));
    it('accepts a quoted name with any characters', () => assert.deepEqual(params('/:"a b"', '/v'), { 'a b': 'v' }));
    it('gives a param after text that is not a / everything but a repeat of that text', () => {
      assert.deepEqual(params('/:a-:b-:c', '/1-2-3-4'), { a: '1-2', b: '3', c: '4' });
      assert.deepEqual(params('/:a-x:b', '/1-X2-X3'), { a: '1-X2', b: '3' });
    });
    it('keeps the last value of a repeated name', () => assert.deepEqual(params('/:a/:a', '/1/2'), { a: '2' }));
    it('decodes values, %2F included', () => assert.deepEqual(params('/:a', '/x%2Fy'), { a: 'x/y' }));
  });

  describe('wildcards', () => {
    it('gives *name as the array of its segments', () => assert.deepEqual(params('/*splat', '/a/b%20c/d'), { splat: ['a', 'b c', 'd'] }));
    it('keeps empty segments and a trailing slash', () => assert.deepEqual(params('/*a', '/a//b/'), { a: ['a', '', 'b', ''] }));
    it('needs at least one character', () => assert.equal(params('/*splat', '/'), null));
    it('leaves an optional wildcard that took no part out of params', () => {
      const p = params('/{*splat}', '/');
      assert.deepEqual(p, {});
      assert.deepEqual(Object.keys(p ?? {}), []);
    });
  });

  describe('optional groups', () => {
    it('prefers the alternative with the group, whatever an earlier param could take', () => {
      assert.deepEqual(params('/:file{.:ext}', '/x.tar.gz'), { file: 'x.tar', ext: 'gz' });
      assert.deepEqual(params('/:a{-:b}{-:c}', '/1-2-3-4'), { a: '1-2', b: '3', c: '4' });
    });
    it('omits the keys of a group left out', () => assert.deepEqual(Object.keys(params('/:file{.:ext}', '/x') ?? {}), ['file']));
    it('matches literal groups and nested ones', () => {
      assert.deepEqual(params('/user{s}', '/users'), {});
      assert.deepEqual(params('{/:optional}', '/'), {});
      assert.deepEqual(params('/{:a{-:b}}', '/1-2'), { a: '1', b: '2' });
    });
  });

  describe('options', () => {
    it('ignores trailing slashes unless strict', () => {
      assert.deepEqual(params('/foo//', '/foo/'), {});
      assert.equal(params('/foo', '/foo/', { strict: true }), null);
      assert.deepEqual(params('/foo/', '/foo/', { strict: true }), {});
    });
    it('ignores case unless sensitive', () => {
      assert.deepEqual(params('/FOO', '/foo'), {});
      assert.equal(params('/FOO', '/foo', { sensitive: true }), null);
    });
    it('matches a prefix ending at a / with end: false', () => {
      const m = compilePathPattern5('/a/:b', { end: false }).exec('/a/x/y');
      assert.deepEqual(Array.from(m ?? []), ['/a/x', 'x']);
      assert.equal(compilePathPattern5('/a', { end: false }).exec('/ab'), null);
    });
  });

  describe('RegExp and arrays', () => {
    it('runs a RegExp as it is, numbering ( groups and naming (?<name>) ones', () => {
      assert.deepEqual(params(/^\/(a)(?<n>b)(c)/, '/abc'), { 0: 'a', 1: 'c', n: 'b' });
    });
    it('answers with the first element of an array that matches', () => {
      assert.deepEqual(params(['/a/:x', ['/b/:y', /^\/c\/(\d+)/]], '/b/3'), { y: '3' });
      assert.deepEqual(params(['/a/:x', ['/b/:y', /^\/c\/(\d+)/]], '/c/4'), { 0: '4' });
    });
  });

  describe('invalid patterns', () => {
    const cases: Array<[string, string]> = [
      ['/:', 'Missing parameter name at index 2'],
      ['/*', 'Missing parameter name at index 2'],
      ['/:1', 'Missing parameter name at index 2'],
      ['/:""', 'Missing parameter name at index 4'],
      ['/:"a', 'Unterminated quote at index 2'],
      ['/(', 'Unexpected ( at index 1'],
      ['/{[}', 'Unexpected [ at index 2'],
      ['/a?', 'Unexpected ? at index 2'],
      ['/+', 'Unexpected + at index 1'],
      ['/!', 'Unexpected ! at index 1'],
      ['/{a', 'Unexpected end at index 3, expected }'],
      ['/a}', 'Unexpected } at index 2'],
      ['/a\\', 'Unexpected end after \\ at index 3'],
      ['/:a:b', 'Missing text before "b" param'],
      ['/:a*b', 'Missing text before "b" wildcard'],
      ['/:a{x}:b', 'Missing text before "b" param'],
      ['/:a{-:b}:c', 'Missing text before "c" param'],
    ];
    for (const [pattern, problem] of cases) {
      it(`throws "${problem}" for ${pattern}`, () => {
        const err = thrown(pattern);
        assert.ok(err instanceof TypeError);
        assert.ok(err instanceof PathError);
        assert.equal(err.message, problem + ': ' + pattern + SUFFIX);
        assert.equal((err as PathError).originalPath, pattern);
      });
    }
    it('reads an escaped reserved character as text', () => assert.deepEqual(params('/\\(x\\)', '/(x)'), {}));
  });

  describe('linear time', () => {
    const hostile = (n: number): string[] => ['/' + '-'.repeat(n), '/' + 'a/'.repeat(n / 2), '/' + 'a-'.repeat(n / 2) + '/', '/' + 'x'.repeat(n) + '!'];
    for (const pattern of ['/:a-:b-:c', '/*a/*b', '/:a{-:b}{-:c}', '/*a/*b/x', '/{*a-}{*b-}x']) {
      it(`matches 50k-character paths against ${pattern} in time proportional to their length`, () => {
        const exec = compilePathPattern5(pattern).exec;
        const bigOnes = hostile(50_000);
        for (const [small, big] of hostile(6_250).map((s, i) => [s, bigOnes[i]])) {
          const t1 = bestTime(() => exec(small));
          const t2 = bestTime(() => exec(big));
          assert.ok(t2 < 3000, `${pattern}: ${t2} ms for ${big.length} characters`);
          // Quadratic work would take 64 times as long for eight times the length; linear work 8
          // times, and three times that leaves room for a busy machine.
          assert.ok(t2 < t1 * 24 + 50, `${pattern}: ${t1} ms, then ${t2} ms for eight times the length`);
        }
      });
    }
  });
});
