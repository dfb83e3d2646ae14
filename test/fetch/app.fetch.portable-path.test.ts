import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';

/*
 * The fetch transport uses node internals only behind a probe: node's `_header` (so that `setHeader`
 * after the head throws node's own error). Without it (another runtime's node:http, or
 * `PORTICO_HEADER_SHORTCUT=off`) the header methods are guarded through the public API. Both paths
 * must answer the same; this runs the public one in a child process, and checks that the fetch
 * transport is loaded only when an app first reads `app.fetch`.
 */

const root = join(__dirname, '..', '..');

const SCRIPT = `
const portico = require('./src/index.ts');
const loaded = () => Object.keys(require.cache).filter((p) => /transport[\\\\/]fetch-/.test(p)).length;
const before = loaded();
const app = portico();
app.get('/', (req, res) => {
  res.cookie('a', '1').cookie('b', '2');
  res.send('ok');
  let late;
  try { res.setHeader('x-late', '1'); } catch (e) { late = e.code; }
  res.locals.late = late;
  app.locals.late = late;
  app.locals.sent = res.headersSent;
});
const fetch = app.fetch;
const after = loaded();
fetch(new Request('http://localhost/')).then(async (r) => {
  process.stdout.write(JSON.stringify({ before, after, status: r.status, cookies: r.headers.getSetCookie(), body: await r.text(), late: app.locals.late, sent: app.locals.sent }));
});
`;

function run(env: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '-e', SCRIPT], { cwd: root, env: { ...process.env, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve(JSON.parse(stdout) as Record<string, unknown>);
    });
  });
}

describe('app.fetch without node internals', () => {
  for (const [label, env] of [
    ['with the probed _header', {}],
    ['through the public API only (PORTICO_HEADER_SHORTCUT=off)', { PORTICO_HEADER_SHORTCUT: 'off' }],
  ] as const) {
    it(`${label}: the same response, and setHeader after the head throws ERR_HTTP_HEADERS_SENT`, async () => {
      const got = await run(env);
      assert.deepEqual(got, { before: 0, after: got.after, status: 200, cookies: ['a=1; Path=/', 'b=2; Path=/'], body: 'ok', late: 'ERR_HTTP_HEADERS_SENT', sent: true });
      assert.ok((got.after as number) > 0, 'reading app.fetch loads the transport');
    });
  }
});
