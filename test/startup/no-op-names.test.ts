// The bundle step removes esbuild's `__name` calls that change nothing (scripts/drop-no-op-names.mjs):
// they cost instructions on every request where a closure is made inside a function. Removing one
// that does change a name would change behaviour (`layer.name`, `constructor.name`), so each case
// here runs the transformed code and reads the names it gives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as esbuild from 'esbuild';
import { runInNewContext } from 'node:vm';

// An ES module (as the build scripts are), loaded the way a CommonJS test can.
const dropNoOpNames = async (code: string) => (await import('../../scripts/drop-no-op-names.mjs')).dropNoOpNames(code);

/** Bundles two modules that share top-level names, as the real bundle does, with keepNames. */
async function bundle(a: string, b: string): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: `import { a, router as ra } from './a'; import { b, router as rb } from './b'; result = { a: a(), b: b(), routers: [ra(), rb(), ra.name, rb.name] };`, resolveDir: '/', loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    keepNames: true,
    logLevel: 'silent',
    plugins: [virtual({ '/a': a, '/b': b })],
  });
  return result.outputFiles[0].text;
}

/** Two in-memory modules, so that esbuild sees their top-level names collide. */
function virtual(files: Record<string, string>): esbuild.Plugin {
  return {
    name: 'virtual',
    setup(build) {
      build.onResolve({ filter: /^\.\// }, (args) => ({ path: `/${args.path.slice(2)}`, namespace: 'virtual' }));
      build.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({ contents: files[args.path], loader: 'js' }));
    },
  };
}

/** Runs a bundle and returns what its modules' `a()`/`b()` gave. */
function run(code: string): Record<string, unknown> {
  const sandbox: { result?: Record<string, unknown>; exports: object; module: { exports: object } } = { exports: {}, module: { exports: {} } };
  runInNewContext(code, sandbox);
  assert.ok(sandbox.result);
  return JSON.parse(JSON.stringify(sandbox.result)) as Record<string, unknown>;
}

describe('the bundle keeps every name while dropping the name calls that do nothing', () => {
  const a = `
    import { router as other } from './b';
    export function router() { return 'a'; }
    export function a() {
      const router = function router(req) { return router.stack ?? req; };
      const next = (err) => err;
      const handlers = { route: () => 1, 'remote-addr': () => 2 };
      let done; done = () => 3;
      class Layer { constructor() { this.x = 1; } }
      const Anon = class {};
      // Its body calls b's top-level router, which the bundle calls 'router': giving this function
      // that name back would make the call recurse.
      const calls = function router() { return other(); };
      return [calls(), calls.name, router.name, next.name, handlers.route.name, handlers['remote-addr'].name, done.name, Layer.name, Anon.name, new Layer().constructor.name];
    }`;
  const b = `
    export function router() { return 'b'; }
    export function b() {
      // The body names 'query' itself: its function cannot take the name back without capturing it.
      const query = 1;
      const mw = function query2() { return query; };
      const holder = { router };
      return [router.name, router(), mw.name, holder.router.name];
    }`;

  it('gives the same names with and without the transformation', async () => {
    const code = await bundle(a, b);
    const before = run(code);
    const { code: after, dropped } = await dropNoOpNames(code);
    assert.ok(dropped > 5, `dropped ${dropped}`);
    assert.deepEqual(run(after), before);
    assert.deepEqual(before, {
      a: ['b', 'router', 'router', 'next', 'route', 'remote-addr', 'done', 'Layer', 'Anon', 'Layer'],
      b: ['router', 'b', 'query2', 'router'],
      routers: ['a', 'b', 'router', 'router'],
    });
  });

  it('keeps the calls that restore a renamed top-level declaration', async () => {
    const code = await bundle(a, b);
    assert.match(code, /function router2\(/, 'esbuild renames one of the two top-level routers');
    const { code: after, kept } = await dropNoOpNames(code);
    assert.match(after, /__name\(router2, "router"\)/);
    assert.ok(kept >= 1);
  });

  it('leaves every line and column where the source map puts it', async () => {
    const code = await bundle(a, b);
    const { code: after } = await dropNoOpNames(code);
    assert.equal(after.length, code.length);
    assert.deepEqual(after.split('\n').map((l: string) => l.length), code.split('\n').map((l: string) => l.length));
    assert.ok(after.split('__name(').length < code.split('__name(').length);
  });

  it('gives a class lowered for ES2019 its own name back, so that V8 can optimise its constructor', async () => {
    // For ES2019 esbuild writes `const _Req = class _Req … ; __name(_Req, "Req")`. A class constructor
    // whose `name` is redefined is not optimised while requests keep coming (see the script's head).
    const source = `class Base {}
      export class Req extends Base { constructor(...a) { super(...a); this.app = undefined; } x = 1; who() { return Req.name; } static make() { return new Req(); } }
      result = { name: Req.name, who: new Req().who(), made: Req.make().constructor.name, x: new Req().x };`;
    const { code } = await esbuild.transform(source, { format: 'cjs', keepNames: true, target: 'es2019', loader: 'js' });
    assert.match(code, /__name\(_Req, "Req"\)/, 'esbuild lowers the class and restores its name with a call');
    const { code: after } = await dropNoOpNames(code);
    assert.doesNotMatch(after, /__name\(_Req/);
    assert.match(after, /= class Req +extends/);
    assert.deepEqual(after.split('\n').map((l: string) => l.length), code.split('\n').map((l: string) => l.length));
    const expected = { name: 'Req', who: 'Req', made: 'Req', x: 1 };
    assert.deepEqual(run(code), expected);
    assert.deepEqual(run(after), expected);
  });
});

