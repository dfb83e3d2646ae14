// The fixture app bundled by Bun's and Deno's own bundlers (`bun build --target bun`,
// `deno bundle --platform deno`, both from the npm registry's `bun` and `deno` packages), run by
// that runtime on its `node:http`, and asked the fixture app's requests over HTTP.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkApp, kib, makeProject, root, startProcess, stop } from './bundled-app';

const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const env = { NODE_ENV: 'production', NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
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

/** Runs a bundler's command in the project; throws with its output unless it succeeds. */
function build(command: string, args: string[]): void {
  const r = spawnSync(command, args, { cwd: project.dir, encoding: 'utf8', timeout: 180_000, env: { ...process.env, ...env } });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed (${r.error ?? r.signal ?? r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** Runs `file` with `runtime` from a folder without node_modules and checks its answers. */
async function serve(runtime: string[], file: string, mode: 'production' | 'development' = 'production'): Promise<number> {
  const [command, ...args] = runtime;
  const server = await startProcess(command, [...args, file], {
    cwd: out,
    env,
    readPort: (text) => {
      const m = /"port":(\d+)/.exec(text);
      return m ? Number(m[1]) : undefined;
    },
  });
  try {
    return await checkApp(`http://127.0.0.1:${server.port}`, mode);
  } finally {
    await stop(server.child);
  }
}

describe('bundled by the runtimes\' own bundlers', () => {
  it('bun build --target bun, run by bun', async (t) => {
    const file = join(out, 'bun', 'server.js');
    build(bin('bun'), ['build', 'server-node.mjs', '--target', 'bun', '--outfile', file]);
    t.diagnostic(`bun build: ${kib(file)}; ${await serve([bin('bun')], file)} requests`);
  });

  it('deno bundle --platform deno, run by deno', async (t) => {
    const file = join(out, 'deno', 'server.js');
    // deno bundle writes NODE_ENV into the bundle ("development" unless minifying), whatever the
    // environment says: the app runs in development mode, with stacks on its error pages.
    build(bin('deno'), ['bundle', '--platform', 'deno', 'server-node.mjs', '-o', file]);
    const count = await serve([bin('deno'), 'run', '--allow-net', '--allow-env', '--allow-read'], file, 'development');
    t.diagnostic(`deno bundle: ${kib(file)}; ${count} requests`);
  });
});
