// `import portico from 'portico'` (with `portico/5`, `portico/legacy` and `portico/graceful`) bundled
// for Node by esbuild, Rollup, Vite and webpack 5, each with the settings its documentation gives
// for a server bundle. The bundle is written outside the project, where no node_modules can be
// found, run with node, and asked the fixture app's requests over HTTP (bundled-app.ts).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkApp, kib, makeProject, root, startProcess, stop } from './bundled-app';

let project: { dir: string; remove: () => void };
let out: string;

before(() => {
  assert.ok(existsSync(join(root, 'dist', 'esm', 'index.mjs')), 'run `npm run build` first');
  project = makeProject();
  out = mkdtempSync(join(tmpdir(), 'portico-bundles-'));
});
after(() => {
  project?.remove();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** Runs a bundle with node (production mode) and checks its answers. */
async function serveBundle(file: string): Promise<number> {
  const server = await startProcess(process.execPath, [file], {
    cwd: out,
    env: { NODE_ENV: 'production' },
    readPort: (text) => {
      const m = /"port":(\d+)/.exec(text);
      return m ? Number(m[1]) : undefined;
    },
  });
  try {
    return await checkApp(`http://127.0.0.1:${server.port}`);
  } finally {
    await stop(server.child);
  }
}

/**
 * A Rollup plugin's factory from its module. The plugins' types describe a CommonJS default export
 * (`default.default` from here) where the ES module that `import()` loads has it as `default`.
 */
function pluginFactory(mod: { default: unknown }): () => import('rollup').Plugin {
  const value = mod.default as { default?: unknown };
  return (typeof value === 'function' ? value : value.default) as () => import('rollup').Plugin;
}

/** The one warning a bundler may give: `app.render` requires a view engine by its name, as Express does. */
const VIEW_ENGINE_REQUIRE = /request of a dependency is an expression/;

describe('bundled for Node', () => {
  it('esbuild (platform node, CommonJS output)', async (t) => {
    const esbuild = await import('esbuild');
    const file = join(out, 'esbuild', 'server.cjs');
    const result = await esbuild.build({ absWorkingDir: project.dir, entryPoints: ['server-node.mjs'], bundle: true, platform: 'node', outfile: file, logLevel: 'silent' });
    assert.deepEqual(result.warnings, []);
    t.diagnostic(`esbuild: ${kib(file)}; ${await serveBundle(file)} requests`);
  });

  it('esbuild (platform node, ES module output with the require shim esbuild documents)', async (t) => {
    const esbuild = await import('esbuild');
    const file = join(out, 'esbuild-esm', 'server.mjs');
    // Portico's dependencies (iconv-lite, qs…) are CommonJS that `require` core modules; esbuild's
    // ES module output needs a `require` for those, as for any CommonJS package.
    const banner = "import { createRequire as __portico_cr } from 'node:module'; const require = __portico_cr(import.meta.url);";
    const result = await esbuild.build({ absWorkingDir: project.dir, entryPoints: ['server-node.mjs'], bundle: true, platform: 'node', format: 'esm', banner: { js: banner }, outfile: file, logLevel: 'silent' });
    assert.deepEqual(result.warnings, []);
    t.diagnostic(`esbuild ESM: ${kib(file)}; ${await serveBundle(file)} requests`);
  });

  it('Rollup with @rollup/plugin-node-resolve, -commonjs and -json', async (t) => {
    const { rollup } = await import('rollup');
    const commonjs = pluginFactory(await import('@rollup/plugin-commonjs'));
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const json = pluginFactory(await import('@rollup/plugin-json'));
    const warnings: string[] = [];
    const bundle = await rollup({
      input: join(project.dir, 'server-node.mjs'),
      plugins: [nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }), commonjs(), json()],
      // Cycles between Portico's bundle files are expected: the lazily loaded ones use the core's modules.
      onwarn: (w) => void (w.code === 'CIRCULAR_DEPENDENCY' || warnings.push(`${w.code}: ${w.message}`)),
    });
    const file = join(out, 'rollup', 'server.mjs');
    await bundle.write({ file, format: 'es', inlineDynamicImports: true });
    await bundle.close();
    assert.deepEqual(warnings, []);
    t.diagnostic(`Rollup: ${kib(file)}; ${await serveBundle(file)} requests`);
  });

  it('Vite (SSR build, every dependency bundled)', async (t) => {
    const { build } = await import('vite');
    const outDir = join(out, 'vite');
    await build({
      configFile: false,
      root: project.dir,
      logLevel: 'error',
      // The link node_modules/portico stands for an installed copy: Vite runs its CommonJS
      // conversion on files under node_modules only, so the link's path is the one to keep.
      resolve: { preserveSymlinks: true },
      ssr: { noExternal: true, target: 'node' },
      build: { ssr: join(project.dir, 'server-node.mjs'), outDir, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: 'server.mjs' } } },
    });
    const file = join(outDir, 'server.mjs');
    t.diagnostic(`Vite: ${kib(file)}; ${await serveBundle(file)} requests`);
  });

  it('webpack 5 (target node)', async (t) => {
    const webpack = (await import('webpack')).default;
    const outDir = join(out, 'webpack');
    const stats = await new Promise<import('webpack').Stats>((resolve, reject) => {
      webpack(
        { mode: 'production', target: 'node', context: project.dir, entry: './server-node.mjs', optimization: { minimize: false }, output: { path: outDir, filename: 'server.js' } },
        (err, result) => (err || !result ? reject(err ?? new Error('no stats')) : resolve(result)),
      );
    });
    const info = stats.toJson({ all: false, errors: true, warnings: true });
    assert.deepEqual(info.errors, []);
    const warnings = (info.warnings ?? []).map((w) => w.message);
    assert.ok(warnings.every((w) => VIEW_ENGINE_REQUIRE.test(w)), warnings.join('\n'));
    const file = join(outDir, 'server.js');
    t.diagnostic(`webpack 5: ${kib(file)}; ${await serveBundle(file)} requests`);
  });
});
