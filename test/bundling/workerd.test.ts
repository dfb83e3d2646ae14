// A Portico app on Cloudflare's runtime: bundled by wrangler (`wrangler deploy --dry-run --outdir`,
// the build a deploy uploads: esbuild with the `workerd` and `worker` conditions and
// `nodejs_compat`), then run by workerd from the npm registry's `workerd` package, with
// `httpServerHandler` from `cloudflare:node` handing requests to `app.listen(8080)`, and without
// node:http as `export default { fetch: app.fetch }`. The test asks the fixture app's requests over
// HTTP (bundled-app.ts), body parsers' charsets included.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkApp, kib, makeProject, root, stop } from './bundled-app';
import { startWorkerd, wranglerBuild } from './workerd-build';

let project: { dir: string; remove: () => void };
let bundle: string;

before(() => {
  assert.ok(existsSync(join(root, 'dist', 'esm', 'index.mjs')), 'run `npm run build` first');
  project = makeProject();
  bundle = join(project.dir, wranglerBuild(project.dir, 'worker.mjs', 'out'));
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
    const server = await startWorkerd(project.dir, 'out/worker.js');
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
    const file = wranglerBuild(project.dir, 'worker-fetch.mjs', 'out-fetch');
    const server = await startWorkerd(project.dir, file);
    try {
      const count = await checkApp(`http://127.0.0.1:${server.port}`);
      t.diagnostic(`${count} requests answered by workerd through app.fetch; bundle ${kib(join(project.dir, file))}`);
    } finally {
      await stop(server.child);
    }
  });
});
