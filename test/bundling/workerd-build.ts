// Building and running a Worker as Cloudflare does it, for the tests that need workerd: wrangler's
// build (`wrangler deploy --dry-run --outdir`, the one a deploy uploads: esbuild with the `workerd`
// and `worker` conditions and `nodejs_compat`) and the `workerd` binary of the npm registry's
// package, serving one or more of the bundle's entrypoints on free ports.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, startProcess } from './bundled-app';

const bin = (name: string): string => join(root, 'node_modules', '.bin', name);

/** The wrangler configuration docs/runtimes.md gives, for the entry `main`. */
export const wranglerToml = (main: string): string => `name = "portico-app"
main = "${main}"
compatibility_date = "2025-09-15"
compatibility_flags = ["nodejs_compat"]
`;

/** Bundles `entry` of the project `dir` as `wrangler deploy` does, into <outdir>/<name>.js (relative to `dir`). */
export function wranglerBuild(dir: string, entry: string, outdir: string): string {
  writeFileSync(join(dir, 'wrangler.toml'), wranglerToml(entry));
  const r = spawnSync(bin('wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    // wrangler writes the NODE_ENV of its own environment into the bundle: a deploy's is production.
    env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
  });
  assert.equal(r.status, 0, `wrangler failed (${r.error ?? r.signal ?? r.status}):\n${r.stdout}\n${r.stderr}`);
  const file = join(outdir, entry.replace(/\.mjs$/, '.js'));
  assert.ok(existsSync(join(dir, file)), `wrangler wrote no ${file}:\n${r.stdout}`);
  return file;
}

/** A socket of the workerd config: its name, and the bundle's export it serves (the default one when absent). */
export interface WorkerdSocket {
  name: string;
  entrypoint?: string;
}

/**
 * Runs the Worker module `file` (relative to `dir`) in workerd, one socket on a free port per entry
 * of `sockets`; `port` is the first socket's, `ports` every socket's by name.
 */
export async function startWorkerd(
  dir: string,
  file: string,
  sockets: WorkerdSocket[] = [{ name: 'http' }],
): Promise<Awaited<ReturnType<typeof startProcess>> & { ports: Record<string, number> }> {
  const config = join(dir, `${file}.${sockets.map((s) => s.name).join('-')}.capnp`);
  const socketList = sockets
    .map((s) => `(name = "${s.name}", address = "127.0.0.1:0", http = (), service = ${s.entrypoint ? `(name = "main", entrypoint = "${s.entrypoint}")` : '"main"'})`)
    .join(',\n    ');
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .app) ],
  sockets = [
    ${socketList}
  ],
);
const app :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "${file.split('/').pop()}") ],
  compatibilityDate = "2025-09-15",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  );
  const ports: Record<string, number> = {};
  // workerd reports each port it bound on its control descriptor (fd 3), one JSON line per socket.
  const started = await startProcess(bin('workerd'), ['serve', config, '--control-fd=3'], {
    cwd: dir,
    portFd: 3,
    readPort: (text) => {
      for (const m of text.matchAll(/"event":"listen","socket":"([^"]+)","port":(\d+)/g)) ports[m[1]] = Number(m[2]);
      return sockets.every((s) => ports[s.name] !== undefined) ? ports[sockets[0].name] : undefined;
    },
  });
  return { ...started, ports };
}
