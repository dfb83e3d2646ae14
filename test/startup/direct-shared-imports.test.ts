// The bundle step reads the modules a bundle takes from another bundle without esbuild's interop
// getters (scripts/direct-shared-imports.mjs). Each case runs code before and after the change and
// compares what it reads; the last one checks the built bundles themselves.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import * as esbuild from 'esbuild';

const directSharedImports = async (code: string) => (await import('../../scripts/direct-shared-imports.mjs')).directSharedImports(code);

/**
 * A bundle that imports two modules of another bundle, as scripts/bundle.mjs writes them: an ES
 * module (an object of values marked `__esModule`) and an `export =` module (a bare function).
 */
async function bundle(): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      contents: `import { greet, count } from 'shared:greeting'; import make from 'shared:maker'; import * as all from 'shared:greeting';
        result = { greeting: greet('x'), count, made: make(), maker: typeof make, keys: Object.keys(all).sort() };`,
      resolveDir: '/',
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [
      {
        name: 'shared',
        setup(build) {
          build.onResolve({ filter: /^shared:/ }, (args) => ({ path: args.path.slice('shared:'.length), namespace: 'portico-shared' }));
          build.onLoad({ filter: /.*/, namespace: 'portico-shared' }, (args) => ({ contents: `module.exports = globalThis.otherBundle[${JSON.stringify(args.path)}];\n`, loader: 'js' }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

function run(code: string): unknown {
  const greeting = Object.defineProperty({ greet: (name: string) => `hello ${name}`, count: 2 }, '__esModule', { value: true });
  const maker = function make() {
    return 'made';
  };
  const sandbox: { result?: unknown; otherBundle: object; exports: object; module: { exports: object } } = {
    otherBundle: { greeting, maker },
    exports: {},
    module: { exports: {} },
  };
  runInNewContext(code, sandbox);
  return JSON.parse(JSON.stringify(sandbox.result));
}

describe('imports from another bundle', () => {
  it('read the same values without the interop wrapper of ES modules', async () => {
    const code = await bundle();
    assert.match(code, /__toESM\(require_greeting\(\)\)/, 'esbuild wraps the shared module');
    const { code: after, replaced } = await directSharedImports(code);
    assert.ok(replaced >= 2, `replaced ${replaced}`);
    assert.doesNotMatch(after, /__toESM\(require_/);
    const expected = { greeting: 'hello x', count: 2, made: 'made', maker: 'function', keys: ['count', 'greet'] };
    assert.deepEqual(run(code), expected);
    assert.deepEqual(run(after), expected);
  });

  it('leave every line and column of the code where the source map puts it', async () => {
    const code = await bundle();
    const { code: after } = await directSharedImports(code);
    const lines = (text: string) => text.split('\n').filter((l) => !l.startsWith('function __esMod(') && !l.startsWith('//# sourceMappingURL'));
    assert.deepEqual(lines(after).map((l) => l.length), lines(code).map((l) => l.length));
  });

  it('leave no interop getter on a shared module in the built bundles', () => {
    const dir = join(__dirname, '..', '..', 'dist', 'bundle');
    const bundles = readdirSync(dir).filter((f) => f.endsWith('.js'));
    assert.ok(bundles.length > 5, 'dist/ is built');
    for (const file of bundles) {
      const code = readFileSync(join(dir, file), 'utf8');
      const shared = [...code.matchAll(/^var (require_\w+) = __commonJS\(\{\n {2}"portico-shared:/gm)].map((m) => m[1]);
      for (const name of shared) assert.ok(!code.includes(`__toESM(${name}())`), `${file}: ${name} still wrapped`);
      // Nor a class constructor named by a call (scripts/drop-no-op-names.mjs): V8 would not optimise it.
      assert.doesNotMatch(code, /__name\(_(PorticoRequest|PorticoResponse|Express5Request|Express5Response), /, file);
    }
  });
});
