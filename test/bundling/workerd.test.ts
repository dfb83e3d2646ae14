// A Portico app on Cloudflare's runtime: bundled by wrangler (`wrangler deploy --dry-run --outdir`,
// the build a deploy uploads: esbuild with the `workerd` and `worker` conditions and
// `nodejs_compat`), then run by workerd from the npm registry's `workerd` package, with
// `httpServerHandler` from `cloudflare:node` handing requests to `app.listen(8080)`, and without
// node:http as `export default { fetch: app.fetch }`. The test asks the fixture app's requests over
// HTTP (bundled-app.ts), body parsers' charsets included.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkApp, kib, makeProject, root, startProcess, stop } from './bundled-app';

const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
/** The wrangler configuration docs/runtimes.md gives, for the entry `main`. */
const wranglerToml = (main: string): string => `name = "portico-app"
main = "${main}"
compatibility_date = "2025-09-15"
compatibility_flags = ["nodejs_compat"]
`;

let project: { dir: string; remove: () => void };
let bundle: string;

/** Bundles `entry` as `wrangler deploy` does, into out/<name>/worker.js (relative to the project). */
function wranglerBuild(entry: string, outdir: string): string {
  writeFileSync(join(project.dir, 'wrangler.toml'), wranglerToml(entry));
  const r = spawnSync(bin('wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: project.dir,
    encoding: 'utf8',
    timeout: 120_000,
    // wrangler writes the NODE_ENV of its own environment into the bundle: a deploy's is production.
    env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
  });
  assert.equal(r.status, 0, `wrangler failed (${r.error ?? r.signal ?? r.status}):\n${r.stdout}\n${r.stderr}`);
  const file = join(outdir, entry.replace(/\.mjs$/, '.js'));
  assert.ok(existsSync(join(project.dir, file)), `wrangler wrote no ${file}:\n${r.stdout}`);
  return file;
}

/** Runs the Worker module `file` (relative to the project) in workerd on a free port. */
function startWorkerd(file: string): ReturnType<typeof startProcess> {
  const config = join(project.dir, `${file}.capnp`);
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .app) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const app :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "${file.split('/').pop()}") ],
  compatibilityDate = "2025-09-15",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  );
  // workerd reports the port it bound on its control descriptor (fd 3), as a JSON line.
  return startProcess(bin('workerd'), ['serve', config, '--control-fd=3'], {
    cwd: project.dir,
    portFd: 3,
    readPort: (text) => {
      const m = /"event":"listen","socket":"http","port":(\d+)/.exec(text);
      return m ? Number(m[1]) : undefined;
    },
  });
}

before(() => {
  assert.ok(existsSync(join(root, 'dist', 'esm', 'index.mjs')), 'run `npm run build` first');
  project = makeProject();
  bundle = join(project.dir, wranglerBuild('worker.mjs', 'out'));
});
after(() => project?.remove());

describe('bundled by wrangler, run by workerd', () => {
  it('bundles the framework in, with no createRequire and no require of a computed name but the view engine lookup', (t) => {
    const code = readFileSync(bundle, 'utf8');
    t.diagnostic(`wrangler bundle: ${kib(bundle)}`);
    // The whole framework is in: its router, body parsers and iconv-lite's charset tables.
    assert.ok(code.length > 1_000_000, `${code.length} bytes`);
    assert.match(code, /dist\/bundle\/core\.js/);
    assert.match(code, /iconv-lite/);
    assert.doesNotMatch(code, /createRequire/);
    // The one require of a computed name is `app.render`'s lookup of a view engine by its name.
    const computed = [...code.matchAll(/__require\(([^")][^)]*)\)/g)].map((m) => m[1]);
    assert.deepEqual(computed, ['moduleName']);
  });

  it('answers over HTTP: routes, charsets through iconv-lite, cookies, errors, portico/5, portico/legacy, sendFile and static', async (t) => {
    const server = await startWorkerd('out/worker.js');
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const count = await checkApp(base);
      t.diagnostic(`${count} requests answered by workerd`);
      // Files where workerd's node:fs has them: the Worker's modules under /bundle, and /tmp.
      let res = await fetch(`${base}/modules/worker.js`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/javascript; charset=UTF-8');
      assert.match(await res.text(), /portico/);
      res = await fetch(`${base}/tmp-file`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/plain; charset=UTF-8');
      assert.equal(await res.text(), 'written at run time');
      // Anywhere else there is no file: sendFile's error, as Node gives it for a missing file.
      res = await fetch(`${base}/no-file`);
      assert.equal(res.status, 404);
      assert.match(await res.text(), /<pre>Not Found<\/pre>/);
      res = await fetch(`${base}/modules/absent.js`);
      assert.equal(res.status, 404);
      assert.match(await res.text(), /<pre>Cannot GET \/modules\/absent.js<\/pre>/);
    } finally {
      await stop(server.child);
    }
  });

  it('answers over HTTP through `export default { fetch: app.fetch }`, without node:http', async (t) => {
    const file = wranglerBuild('worker-fetch.mjs', 'out-fetch');
    const server = await startWorkerd(file);
    try {
      const count = await checkApp(`http://127.0.0.1:${server.port}`);
      t.diagnostic(`${count} requests answered by workerd through app.fetch; bundle ${kib(join(project.dir, file))}`);
    } finally {
      await stop(server.child);
    }
  });
});
