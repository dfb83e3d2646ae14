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
  app.locals.head = res._header;
});
// express-session writes the head itself (_implicitHeader) unless _header says it went out: after
// its store's asynchronous save, a second head would be thrown outside any handler.
const session = require('express-session');
app.get('/session', session({ secret: 'k', resave: false, saveUninitialized: true }), (req, res) => {
  req.session.views = 1;
  res.send('kept');
});
process.on('uncaughtException', (error) => {
  process.stdout.write(JSON.stringify({ uncaught: String(error) }));
  process.exit(1);
});
const fetch = app.fetch;
const after = loaded();
fetch(new Request('http://localhost/')).then(async (r) => {
  const got = { before, after, status: r.status, cookies: r.headers.getSetCookie(), body: await r.text(), late: app.locals.late, sent: app.locals.sent, head: app.locals.head };
  const s = await fetch(new Request('http://localhost/session'));
  got.session = [s.status, await s.text(), s.headers.getSetCookie().length];
  // The store saves on a later tick: give a second head the time to be tried.
  await new Promise((resolve) => setTimeout(resolve, 20));
  process.stdout.write(JSON.stringify(got));
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
    it(`${label}: the same response, setHeader after the head throws ERR_HTTP_HEADERS_SENT, and _header shows the head (express-session)`, async () => {
      const got = await run(env);
      assert.deepEqual(got, {
        before: 0,
        after: got.after,
        status: 200,
        cookies: ['a=1; Path=/', 'b=2; Path=/'],
        body: 'ok',
        late: 'ERR_HTTP_HEADERS_SENT',
        sent: true,
        head: 'HTTP/1.1 200 OK\r\n\r\n',
        session: [200, 'kept', 1],
      });
      assert.ok((got.after as number) > 0, 'reading app.fetch loads the transport');
    });
  }
});
