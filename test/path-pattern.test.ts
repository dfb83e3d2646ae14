import { describe, it } from 'node:test';
import { bestTime } from './helpers/best-time';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import portico from '../src/index';
import { compilePathPattern, type PathPattern, type PathPatternOptions } from '../src/router/path-pattern';
import { Layer } from '../src/router/layer';
import { parseSubset } from '../src/router/regex-subset';
import { memoMatcherSupports } from '../src/router/backtracking-risk';
import { compileMemoMatcher } from '../src/router/memo-matcher';
import { canonicalize } from '../src/router/char-match';
import { compileSegmentParamMatcher } from '../src/router/segment-param-matcher';
import { startServer, send } from './helpers/server';
import { compareApps } from './helpers/compare';

/** Params of `pattern` against `path` through a route layer (what `app.get` builds), or null. */
function routeParams(pattern: PathPattern, path: string, options: PathPatternOptions = {}): Record<string, string> | null {
  const layer = new Layer(pattern, { ...options, end: true }, function handler() {});
  return layer.match(path) ? { ...layer.params } : null;
}

function keyNames(pattern: PathPattern): Array<string | number> {
  return compilePathPattern(pattern).keys.map((k) => k.name);
}

describe('compilePathPattern', () => {
  describe('named parameters', () => {
    it('captures a segment as a named parameter', () => {
      assert.deepEqual(routeParams('/user/:id', '/user/42'), { id: '42' });
      assert.equal(routeParams('/user/:id', '/user/42/edit'), null);
      assert.equal(routeParams('/user/:id', '/user/'), null);
    });

    it('makes a parameter optional with ?', () => {
      assert.deepEqual(routeParams('/user/:id/:op?', '/user/1'), { id: '1', op: undefined });
      assert.deepEqual(routeParams('/user/:id/:op?', '/user/1/edit'), { id: '1', op: 'edit' });
    });

    it('restricts a parameter with a capture group', () => {
      assert.deepEqual(routeParams('/:id(\\d+)', '/42'), { id: '42' });
      assert.equal(routeParams('/:id(\\d+)', '/4x'), null);
    });

    it('lets :name* run over several segments', () => {
      assert.deepEqual(routeParams('/:a*', '/x/y/z'), { a: 'x', 0: '/y/z' });
    });

    it('keeps the key order of the RegExp groups', () => {
      assert.deepEqual(keyNames('/:a/:b?/*'), ['a', 'b', 0]);
      assert.deepEqual(keyNames('/a(bc)-:d'), [0, 'd', 1]);
      assert.deepEqual(keyNames(/\/(\w+)\/(?<named>\d+)/), [0, 'named']);
    });

    it('decodes parameter values with decodeURIComponent', () => {
      assert.deepEqual(routeParams('/:v', '/caf%C3%A9%20%2F'), { v: 'café /' });
      assert.deepEqual(routeParams('/:v', '/a+b'), { v: 'a+b' });
    });

    it('reports a malformed escape as a URIError with status 400', () => {
      assert.throws(
        () => routeParams('/users/:id', '/users/%E0%A4%A'),
        (err: unknown) => err instanceof URIError && (err as URIError & { status: number }).status === 400 && /Failed to decode param '%E0%A4%A'/.test((err as Error).message),
      );
    });
  });

  describe('adjacent parameters', () => {
    it('splits /:a-:b-:c on the dashes', () => {
      assert.deepEqual(routeParams('/:a-:b-:c', '/1-2-3'), { a: '1', b: '2', c: '3' });
      assert.deepEqual(routeParams('/:a-:b-:c', '/1-2-3-4'), { a: '1-2', b: '3', c: '4' });
    });

    it('gives a parameter right before another one a single character', () => {
      // `:first_` is a parameter name: `_` is a word character.
      assert.deepEqual(routeParams('/:first_:last', '/abcd'), { first_: 'a', last: 'bcd' });
      assert.deepEqual(routeParams('/:a:b:c', '/xyz/'), { a: 'x', b: 'y', c: 'z' });
      assert.equal(compilePathPattern('/:a:b').regexp.source, '^(?:\\/([^/]))(?:([^/]+?))\\/?$');
    });

    it('lets a parameter after / or . hold the text before it', () => {
      assert.deepEqual(routeParams('/:a-/:b', '/x-/y-z'), { a: 'x', b: 'y-z' });
      assert.deepEqual(routeParams('/:a.:b', '/x.y'), { a: 'x', b: 'y' });
    });

    it('compiles a parameter after other text exactly as Express 4.22 does', () => {
      assert.equal(compilePathPattern('/a.b-:c').regexp.source, '^\\/a\\.b-(?:((?:(?!\\/|\\.a.b-).)+?))\\/?$');
      assert.equal(compilePathPattern('/user/:id').regexp.source, '^\\/user(?:\\/([^/]+?))\\/?$');
    });
  });

  describe('stars, groups and regular-expression text', () => {
    it('matches anything with * as an unnamed parameter', () => {
      assert.deepEqual(routeParams('/files/*', '/files/a/b.txt'), { 0: 'a/b.txt' });
      assert.deepEqual(routeParams('*', '/any/thing'), { 0: '/any/thing' });
    });

    it('gives two stars the same split as Express (the first is greedy)', () => {
      assert.deepEqual(routeParams('/*-*', '/a-b-c'), { 0: 'a-b', 1: 'c' });
      assert.deepEqual(routeParams('/*ab*bc', '/1ab2abc'), { 0: '1', 1: '2a' });
      assert.deepEqual(routeParams('/**', '/abc'), { 0: 'abc', 1: '' });
      assert.deepEqual(routeParams('/*-:a-*', '/x-y--q'), { 0: 'x', a: 'y', 1: '-q' });
    });

    it('supports ?, + and (…) as regular-expression syntax', () => {
      assert.ok(routeParams('/ab?cd', '/acd'));
      assert.ok(routeParams('/ab+cd', '/abbbcd'));
      assert.deepEqual(routeParams('/a(bc)?d', '/abcd'), { 0: 'bc' });
      assert.deepEqual(routeParams('/a(bc)?d', '/ad'), { 0: undefined });
    });

    it('treats . as a literal dot', () => {
      assert.ok(routeParams('/f.o', '/f.o'));
      assert.equal(routeParams('/f.o', '/fxo'), null);
    });

    it('reports an invalid pattern with the RegExp Express would have built', () => {
      assert.throws(() => compilePathPattern('/(a)?:b'), /Invalid regular expression: \/\^\/\(\?:a\)\?\(\?:\(\(\?:\(\?!\/\|\/a\)\?\)\.\)\+\?\)\)/);
      assert.throws(() => compilePathPattern('/*(x'), /Unterminated group/);
    });

    it('rejects paths that are not strings, RegExps or arrays', () => {
      assert.throws(() => compilePathPattern(42 as unknown as string), TypeError);
    });
  });

  describe('regular expressions and arrays', () => {
    it('uses a RegExp as it is, its groups as numbered parameters', () => {
      assert.deepEqual(routeParams(/^\/(\w+)\/(\d+)$/, '/ab/12'), { 0: 'ab', 1: '12' });
    });

    it('matches any member of an array, with the keys of all members', () => {
      const pattern = ['/a/:x', /^\/r(\d)$/, ['/q']] as unknown as PathPattern;
      assert.deepEqual(routeParams(pattern, '/a/1'), { x: '1', 0: undefined });
      assert.deepEqual(routeParams(pattern, '/r5'), { x: undefined, 0: '5' });
      assert.deepEqual(routeParams(pattern, '/q'), { x: undefined, 0: undefined });
      assert.equal(routeParams(pattern, '/z'), null);
    });
  });

  describe('options', () => {
    it('ignores ASCII case unless sensitive', () => {
      assert.ok(routeParams('/Foo', '/fOO'));
      assert.equal(routeParams('/Foo', '/foo', { sensitive: true }), null);
    });

    it('accepts one trailing slash unless strict', () => {
      assert.ok(routeParams('/foo', '/foo/'));
      assert.equal(routeParams('/foo', '/foo/', { strict: true }), null);
      assert.ok(routeParams('/foo/', '/foo'));
      assert.equal(routeParams('/foo/', '/foo', { strict: true }), null);
    });

    it('matches a prefix at a segment boundary for middleware', () => {
      const { regexp } = compilePathPattern('/foo', { end: false });
      assert.ok(regexp.test('/foo/bar'));
      assert.ok(regexp.test('/foo'));
      assert.equal(regexp.test('/foobar'), false);
      assert.equal(regexp.test('/foo.json'), false);
      assert.ok(compilePathPattern('/foo', { end: false, dotBoundary: true }).regexp.test('/foo.json'));
    });
  });
});

describe('linear-time matching', () => {
  const dashes = '/' + '-'.repeat(30000);

  it("matches '/:a-:b-:c' against 30,000 dashes within 50 ms (compiled matcher)", () => {
    const { regexp } = compilePathPattern('/:a-:b-:c', { end: true });
    const ms = bestTime(() => assert.equal(regexp.exec(dashes), null));
    assert.ok(ms < 50, `took ${ms.toFixed(1)} ms`);
  });

  it("matches '/:a-:b-:c' against 30,000 dashes within 50 ms (route layer)", () => {
    const layer = new Layer('/:a-:b-:c', { end: true }, function handler() {});
    const ms = bestTime(() => assert.equal(layer.match(dashes), false));
    assert.ok(ms < 50, `took ${ms.toFixed(1)} ms`);
  });

  it("answers '/:a-:b-:c' with 30,000 dashes over HTTP within 50 ms", async () => {
    const app = portico();
    app.get('/:a-:b-:c', (req, res) => {
      res.end('matched');
    });
    let elapsed = Infinity;
    // CPU time from the request reaching the app to the response being finished, server side (CPU
    // time: a busy machine does not inflate it as it does elapsed time).
    const timed = (req: IncomingMessage, res: ServerResponse): void => {
      const start = process.cpuUsage();
      res.on('finish', () => {
        const used = process.cpuUsage(start);
        elapsed = Math.min(elapsed, (used.user + used.system) / 1000);
      });
      app(req, res);
    };
    const srv = await startServer(timed, { maxHeaderSize: 128 * 1024 });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await send(srv.port, { path: dashes });
        assert.equal(res.status, 404);
        assert.ok(res.text.includes('Cannot GET /---'));
      }
      const ok = await send(srv.port, { path: '/1-2-3' });
      assert.equal(ok.text, 'matched');
    } finally {
      await srv.close();
    }
    assert.ok(elapsed < 50, `took ${elapsed.toFixed(1)} ms`);
  });

  it('keeps two stars with literal text between them linear', () => {
    const { regexp } = compilePathPattern('/*-*x', { end: true });
    const ms = bestTime(() => assert.equal(regexp.exec(dashes), null));
    assert.ok(ms < 50, `took ${ms.toFixed(1)} ms`);
  });

  it('matches patterns with several open-ended parts in linear time', () => {
    for (const [pattern, unit] of [
      ['/*/:id/*.json', 'a/'],
      ['/:a*/:b*/x', 'a/'],
      ['/*:a', 'a'],
      ['/*-:p-*x', 'y-'],
    ]) {
      const { exec } = compilePathPattern(pattern, { end: true });
      const path = '/' + unit.repeat(30000 / unit.length) + '!';
      exec(path);
      const ms = bestTime(() => exec(path));
      assert.ok(ms < 200, `${pattern} took ${ms.toFixed(1)} ms`);
    }
  });

  it('grows linearly on adversarial paths for patterns of parameters, separators and stars (property)', () => {
    const separator = fc.constantFrom('-', '.', '~', '_');
    const part = fc.oneof(
      fc.constantFrom(':p', ':p?', ':p(\\d+)', 'lit', '*', ':p*', '*.json', '*-*'),
      fc.tuple(fc.constantFrom(':p', ':p?'), separator, fc.constantFrom(':p', ':p?')).map(([a, s, b]) => a + s + b),
    );
    const pattern = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => {
      let n = 0;
      return '/' + parts.join('/').replace(/:p/g, () => ':p' + n++);
    });
    const unit = fc.constantFrom('-', '.', '/', 'a', '-a', 'a.', '1-', '~_');
    fc.assert(
      fc.property(pattern, unit, (p, u) => {
        let exec: (path: string) => unknown;
        try {
          exec = compilePathPattern(p, { end: true }).exec;
        } catch {
          return true;
        }
        const run = (n: number): number => bestTime(() => exec('/' + u.repeat(n) + '!'), 2);
        const small = run(1000);
        const large = run(10000);
        // Ten times the input: a linear matcher takes about ten times as long; allow noise.
        return large < 25 || large < small * 40;
      }),
      { numRuns: 60, seed: 20240601 },
    );
  });
});

describe('path pattern properties', () => {
  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);
  const value = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);

  it('fills every parameter of a generated pattern with the value put in its place', () => {
    // Segments: a literal word, a parameter, or two parameters around a separator.
    const segment = fc.oneof(
      word.map((w) => ({ text: w, names: [] as string[] })),
      fc.constant({ text: ':P', names: ['P'] }),
      fc.constantFrom('-', '.', '~').map((sep) => ({ text: ':P' + sep + ':P', names: ['P', 'P'] })),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.array(value, { minLength: 10, maxLength: 10 }), (segments, values) => {
        let n = 0;
        let pattern = '';
        let path = '';
        const expected: Record<string, string> = {};
        for (const seg of segments) {
          const text = seg.text.replace(/:P/g, () => ':p' + n++);
          pattern += '/' + text;
          path += '/' + text.replace(/:(p\d+)/g, (_m, name: string) => (expected[name] = values[Number(name.slice(1))]));
        }
        assert.deepEqual(routeParams(pattern, path), expected);
        assert.deepEqual(routeParams(pattern, path + '/'), expected);
        assert.equal(routeParams(pattern, path + '/', { strict: true }), null);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('round-trips any string through a whole-segment parameter', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'grapheme' }), (s) => {
        assert.deepEqual(routeParams('/x/:v', '/x/' + encodeURIComponent(s)), { v: s });
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('matches a literal pattern regardless of ASCII case unless case-sensitive', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const pattern = '/' + words.join('/');
        const upper = pattern.toUpperCase();
        assert.ok(routeParams(pattern, upper));
        assert.equal(routeParams(pattern, upper, { sensitive: true }) !== null, upper === pattern);
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('never throws on arbitrary paths other than for a malformed escape', () => {
    const patterns = ['/:a-:b-:c', '/*', '/x/:v?', '/:a.:b', '/*-*', '/:p*'];
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.string({ maxLength: 60 }), (pattern, tail) => {
        try {
          routeParams(pattern, '/' + tail);
        } catch (err) {
          assert.ok(err instanceof URIError, String(err));
        }
      }),
      { numRuns: 500, seed: 5 },
    );
  });
});

describe('memoising matcher', () => {
  /** The memoising matcher for the RegExp of `pattern`, or null when it does not take that RegExp. */
  function memoFor(regexp: RegExp): ((input: string) => unknown) | null {
    const parsed = parseSubset(regexp.source, regexp.ignoreCase);
    if (parsed === null || !memoMatcherSupports(parsed.node)) return null;
    const memo = compileMemoMatcher(parsed.node, parsed.groups, regexp.ignoreCase);
    return (input) => memo.exec(input);
  }

  function same(regexp: RegExp, input: string): void {
    const memo = memoFor(regexp);
    assert.ok(memo, String(regexp));
    const expected = regexp.exec(input);
    const actual = memo(input) as (Array<string | undefined> & { index: number }) | null;
    assert.deepEqual(actual === null ? null : [...actual, actual.index], expected === null ? null : [...expected, expected.index], `${regexp} on ${input}`);
  }

  it('answers exactly as the RegExp for the patterns the compiler writes (property)', () => {
    const token = fc.constantFrom(
      '/', 'a', 'B', '-', '.', '_', ':x', ':y?', ':z(\\d+)', ':w*', '.:v', '/:u', '*', '(', ')', '?', '+', '\\.', '/(', 'é', '[a-]', '{2}', '|', ':t(a|b)', ':q([0-9]+)',
    );
    const pattern = fc.array(token, { minLength: 1, maxLength: 7 }).map((t) => '/' + t.join(''));
    const piece = fc.constantFrom('/', 'a', 'A', 'b', 'B', '-', '.', '1', '12', '_', 'é', 'É', 'ÿ', 'µ', 'ſ', '\u212a', '\n', 'x');
    const input = fc.array(piece, { maxLength: 9 }).map((p) => '/' + p.join(''));
    let checked = 0;
    fc.assert(
      fc.property(pattern, fc.boolean(), fc.boolean(), fc.array(input, { minLength: 1, maxLength: 10 }), (p, end, sensitive, inputs) => {
        let regexp: RegExp;
        try {
          regexp = compilePathPattern(p, { end, sensitive }).regexp;
        } catch {
          return;
        }
        if (memoFor(regexp) === null) return;
        checked++;
        for (const i of inputs) same(regexp, i);
      }),
      { numRuns: 2000, seed: 99 },
    );
    assert.ok(checked > 1000, `only ${checked} patterns were checked`);
  });

  it('handles alternation, classes, bounded repeats, lookaheads and unanchored searches', () => {
    same(/^\/(a|bc|)x/, '/bcx');
    same(/^\/[^/.]+?\.(\d{2,3})$/, '/file.123');
    same(/^\/a{2}(b{1,2}?)c/, '/aabbc');
    same(/x(?=y)/, 'axxy');
    same(/(?!\/)(\w\s?)$/, 'a/b c');
    same(/\/(\D)(\S)(\W)/, '/ab-');
    same(/^\/(?<name>[\t-])\]/, '/-]');
    same(/^a}b{c/, 'a}b{c');
  });

  it('leaves to the RegExp what it does not model', () => {
    for (const unsupported of [/(a)\1/, /(?<=a)b/, /\bword/, /(a*)*/, /(?:(a)b)+/, /(?=(a))a/, /[a-z]/i, /\x41/, /(?:a|)?/]) {
      assert.equal(memoFor(unsupported), null, String(unsupported));
    }
  });

  it('folds case as a non-Unicode RegExp does', () => {
    assert.equal(canonicalize(0x61), 0x41);
    assert.equal(canonicalize(0xe9), 0xc9);
    assert.equal(canonicalize(0x17f), 0x17f, 'long s stays: its upper case is ASCII');
    assert.equal(canonicalize(0xdf), 0xdf, 'sharp s stays: its upper case is two characters');
  });
});

describe('literal segments and one parameter without the RegExp', () => {
  /** Both matchers for `pattern`: the string one (which must take it) and the RegExp. */
  function matchersFor(pattern: string, options: PathPatternOptions): { direct: (path: string) => unknown; regexp: RegExp } {
    const regexp = compilePathPattern(pattern, { ...options, end: true }).regexp;
    const direct = compileSegmentParamMatcher(regexp.source, regexp.ignoreCase);
    assert.ok(direct, `${pattern} ${JSON.stringify(options)} is not taken by the string matcher (${regexp})`);
    return { direct, regexp };
  }

  function sameAsRegExp(pattern: string, options: PathPatternOptions, path: string): void {
    const { direct, regexp } = matchersFor(pattern, options);
    const expected = regexp.exec(path);
    assert.deepEqual(direct(path), expected === null ? null : [...expected], `${pattern} ${JSON.stringify(options)} on ${JSON.stringify(path)}`);
  }

  it('takes /literal/:param in every case and strictness, and nothing else', () => {
    for (const options of [{}, { strict: true }, { sensitive: true }, { strict: true, sensitive: true }]) {
      matchersFor('/items/:id', options);
      matchersFor('/api/v1/a-b_c~%20/:id', options);
    }
    for (const other of ['/items/:id?', '/items/:id(\\d+)', '/:id', '/items/:id/edit', '/items/:a-:b', '/items.:ext', '/items/*', '/a.b/:id']) {
      const regexp = compilePathPattern(other, { end: true }).regexp;
      assert.equal(compileSegmentParamMatcher(regexp.source, regexp.ignoreCase), null, other);
    }
    const mount = compilePathPattern('/items/:id', { end: false }).regexp;
    assert.equal(compileSegmentParamMatcher(mount.source, mount.ignoreCase), null, 'a mount path');
  });

  it('answers exactly as the RegExp on edge cases', () => {
    for (const options of [{}, { strict: true }, { sensitive: true }]) {
      for (const path of ['/items/42', '/items/42/', '/items/42//', '/items/', '/items//', '/items', '/ITEMS/42', '/Items/4/2', '/items/%2F', '/items/é', '/ıtems/1', '/\u212atems/1', '/items/a\nb', '/items/ /', '/itemsx/1', '/item/12']) {
        sameAsRegExp('/items/:id', options, path);
      }
    }
  });

  it('answers exactly as the RegExp on generated paths (property)', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9\-_~%]{1,4}$/);
    const pattern = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => '/' + s.join('/') + '/:id');
    const piece = fc.constantFrom('/', 'a', 'A', 'z', 'Z', '0', '-', '_', '~', '%', '.', 'é', 'ı', '\u212a', 'ſ', '\n', ' ');
    fc.assert(
      fc.property(pattern, fc.boolean(), fc.boolean(), fc.array(fc.array(piece, { maxLength: 8 }), { minLength: 1, maxLength: 8 }), (p, strict, sensitive, tails) => {
        const options = { strict, sensitive };
        const { regexp } = matchersFor(p, options);
        // Paths near the pattern: its own literal in another case, followed by generated pieces.
        const literal = p.slice(0, -3);
        for (const tail of tails) {
          for (const head of [literal, literal.toUpperCase(), literal.slice(0, -1)]) sameAsRegExp(p, options, head + tail.join(''));
        }
        assert.ok(regexp.source.endsWith('$'));
      }),
      { numRuns: 1500, seed: 23 },
    );
  });

  it('gives routes the same params and answers as Express 4 (differential)', async () => {
    const paths = ['/items/a%20b', '/ITEMS/7/', '/items/7//', '/items/7/8', '/items/', '/items/%E0%A4%A', '/Strict/1/', '/strict/1', '/Sensitive/2', '/sensitive/2/'];
    const compared = await compareApps(
      (framework) => {
        const app = framework();
        app.get('/items/:id', (req, res) => {
          res.json(req.params);
        });
        const strict = framework.Router({ strict: true });
        strict.get('/strict/:id', (req, res) => {
          res.json(req.params);
        });
        const sensitive = framework.Router({ caseSensitive: true });
        sensitive.get('/Sensitive/:id', (req, res) => {
          res.json(req.params);
        });
        app.use(strict, sensitive);
        return app;
      },
      paths.map((path) => ({ path })),
    );
    compared.forEach(({ portico: p, express: e }, i) => {
      assert.equal(p.status, e.status, paths[i]);
      // Error pages carry each framework's stack trace; the answers that matched are compared whole.
      if (p.status === 200) assert.equal(p.text, e.text, paths[i]);
    });
    assert.deepEqual(
      compared.map((c) => c.portico.status),
      [200, 200, 404, 404, 404, 400, 404, 200, 200, 404],
    );
  });
});
