// Advisories of the Express family that SECURITY.md maps to Portico and that no other test file
// covers by name. Each block names the advisory, replays its attack on Portico over real HTTP, and
// asserts the safe outcome.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import legacy from '../../src/legacy/index';
import { directory, logger, methodOverride, multipart, responseTime } from '../../src/legacy/middleware/index';
import { withServer, send, type Listener } from '../helpers/server';
import { until } from '../helpers/wait-for';
import { cpuTime } from '../helpers/best-time';

let base = '';
before(() => {
  base = mkdtempSync(join(tmpdir(), 'portico-advisories-'));
  mkdirSync(join(base, 'public'));
  mkdirSync(join(base, 'uploads'));
  writeFileSync(join(base, 'public', '<img src=x onerror=alert(1)>.txt'), 'x');
  mkdirSync(join(base, 'public-secret'));
  writeFileSync(join(base, 'public-secret', 'key.txt'), 'secret');
});
after(() => rmSync(base, { recursive: true, force: true }));

const BOUNDARY = 'AdvBoundary';
const multipartBody = (...parts: string[]) => parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join('') + `--${BOUNDARY}--\r\n`;
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function errorsAsStatus(err: { status?: number }, _req: IncomingMessage, res: ServerResponse, _next: unknown): void {
  res.statusCode = err.status ?? 500;
  res.end('refused');
}

function uploadApp(): Listener {
  const app = portico();
  app.use(multipart({ uploadDir: join(base, 'uploads') }));
  app.post('/upload', (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => res.end(JSON.stringify(req.body ?? null)));
  app.use(errorsAsStatus);
  return app;
}

/** The nesting depth of a parsed value (a string is 0). */
function depth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value as Record<string, unknown>).map(depth));
}

describe('multiparty: malformed percent-encoding in filename* (CVE-2026-8162)', () => {
  it('answers with a defined status and keeps serving', async () => {
    const part = `Content-Disposition: form-data; name="f"; filename*=UTF-8''%E0%A4%A\r\nContent-Type: text/plain\r\n\r\nhello`;
    await withServer(uploadApp(), async ({ port }) => {
      const res = await send(port, { method: 'POST', path: '/upload', headers: multipartHeaders, body: multipartBody(part) });
      assert.ok([200, 400].includes(res.status), `status ${res.status}`);
      const again = await send(port, { method: 'POST', path: '/upload', headers: multipartHeaders, body: multipartBody('Content-Disposition: form-data; name="a"\r\n\r\n1') });
      assert.equal(again.status, 200);
    });
  });
});

describe('multiparty: a filename built to make a regular expression backtrack (CVE-2026-8159)', () => {
  it('reads hostile filename parameters in linear time', async () => {
    const hostile = [
      `filename="${'\\"'.repeat(3000)}`,
      `filename=${'a;'.repeat(3000)}"`,
      `filename="${' '.repeat(6000)}x`,
      `filename*=UTF-8''${'%'.repeat(6000)}`,
    ];
    await withServer(uploadApp(), async ({ port }) => {
      for (const parameter of hostile) {
        // CPU time: a busy machine does not inflate it as it does elapsed time.
        const { result: res, ms } = await cpuTime(() => send(port, { method: 'POST', path: '/upload', headers: multipartHeaders, body: multipartBody(`Content-Disposition: form-data; name="f"; ${parameter}\r\n\r\nv`) }));
        assert.ok(ms < 1000, `${parameter.slice(0, 20)}… took ${ms} ms of CPU`);
        assert.ok([200, 400, 413].includes(res.status), `status ${res.status}`);
      }
    });
  });
});

describe('multer: deeply nested field names (CVE-2026-5079)', () => {
  it('does not build an object as deep as the field name asks', async () => {
    const name = 'a' + '[b]'.repeat(20_000);
    await withServer(uploadApp(), async ({ port }) => {
      const { result: res, ms } = await cpuTime(() => send(port, { method: 'POST', path: '/upload', headers: multipartHeaders, body: multipartBody(`Content-Disposition: form-data; name="${name}"\r\n\r\nv`) }));
      assert.ok(ms < 2000, `answered within 2 s of CPU (${ms} ms)`);
      assert.ok([200, 400, 413].includes(res.status), `status ${res.status}`);
      if (res.status === 200) assert.ok(depth(JSON.parse(res.text)) <= 32, `depth ${depth(JSON.parse(res.text))}`);
    });
  });
});

describe('multer: a connection dropped during an upload (CVE-2026-2359)', () => {
  it('removes the partly written file', async () => {
    const before = readdirSync(join(base, 'uploads')).length;
    const uploads = (): number => readdirSync(join(base, 'uploads')).length;
    let during = 0;
    await withServer(uploadApp(), async ({ port }) => {
      const net = await import('node:net');
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 10000000\r\n\r\n`);
          socket.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\n\r\n` + 'x'.repeat(64 * 1024));
          // Drop the connection once the server is writing the upload.
          void until(() => uploads() > before, 'the upload to be written')
            .catch(() => undefined)
            .then(() => {
              during = uploads();
              socket.destroy();
            });
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      // The server removes it once it has seen the close.
      await until(() => uploads() <= before, 'the partly written upload to be removed').catch(() => undefined);
    });
    assert.equal(during, before + 1, 'the upload was being written when the connection dropped');
    assert.equal(uploads(), before);
  });
});

describe('on-headers: writeHead with an array of headers (CVE-2025-7339)', () => {
  for (const [label, headers] of [
    ['a flat [name, value, …] array', ['X-A', '1', 'X-B', '2']],
    ['an array of [name, value] pairs', [['X-A', '1'], ['X-B', '2']]],
  ] as const) {
    it(`keeps every header of ${label} as given, beside X-Response-Time`, async () => {
      const app = portico();
      app.use(responseTime());
      app.get('/', (_req: IncomingMessage, res: ServerResponse) => {
        (res.writeHead as (s: number, h: unknown) => ServerResponse)(200, headers);
        res.end('ok');
      });
      await withServer(app, async ({ port }) => {
        const res = await send(port);
        assert.equal(res.status, 200);
        assert.equal(res.headers['x-a'], '1');
        assert.equal(res.headers['x-b'], '2');
        assert.match(String(res.headers['x-response-time']), /^\d+(\.\d+)?ms$/);
        assert.equal(res.text, 'ok');
      });
    });
  }
});

describe('morgan: code injection through the format (CVE-2019-5413)', () => {
  it('treats a format string as text, never as code', async () => {
    const lines: string[] = [];
    const g = globalThis as { porticoInjected?: number };
    const app = portico();
    app.use(logger({ format: ':method "+(globalThis.porticoInjected=1)+" ${globalThis.porticoInjected=2} `', stream: { write: (l: string) => lines.push(l) } }));
    app.get('/', (_req: IncomingMessage, res: ServerResponse) => res.end('ok'));
    await withServer(app, ({ port }) => send(port));
    assert.equal(g.porticoInjected, undefined);
    assert.equal(lines.length, 1);
    assert.ok(lines[0].startsWith('GET "+(globalThis.porticoInjected=1)+"'), lines[0]);
  });
});

describe('serve-index (CVE-2015-8856) and connect directory (CVE-2018-3717): markup in file names', () => {
  it('escapes a file name carrying markup in the HTML listing', async () => {
    const app = portico();
    app.use(directory(join(base, 'public')));
    await withServer(app, async ({ port }) => {
      const res = await send(port, { path: '/', headers: { accept: 'text/html' } });
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes('<img src=x'), 'the name is escaped');
      assert.ok(res.text.includes('&lt;img src=x onerror=alert(1)&gt;.txt'));
    });
  });
});

describe('connect methodOverride: reflected method (CVE-2013-7370)', () => {
  it('never echoes an overriding method as markup', async () => {
    const app = portico();
    app.use(portico.urlencoded({ extended: false }));
    app.use(methodOverride());
    await withServer(app, async ({ port }) => {
      const res = await send(port, {
        method: 'POST', path: '/x', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '_method=' + encodeURIComponent('<script>alert(1)</script>'),
      });
      assert.equal(res.status, 404);
      assert.ok(!res.text.includes('<script>'), res.text);
    });
  });
});

describe('send: root path disclosure (CVE-2015-8859) and sibling-folder traversal (CVE-2014-6394)', () => {
  // In development the error page shows the error's stack, which names the file looked for, exactly
  // as Express 4 does; production pages (NODE_ENV=production) show the status text only.
  it('never names the root folder in a production error page, and never serves a sibling folder', async () => {
    for (const env of ['development', 'production']) {
      const app = portico();
      app.set('env', env);
      app.use(portico.static(join(base, 'public'), { fallthrough: false }));
      await withServer(app, async ({ port }) => {
        for (const path of ['/missing.txt', '/../public-secret/key.txt', '/%2e%2e/public-secret/key.txt', '/a%00b']) {
          const res = await send(port, { path });
          assert.ok(res.status >= 400, `${path}: ${res.status}`);
          if (env === 'production') assert.ok(!res.text.includes(base), `${path} leaks the root: ${res.text.slice(0, 200)}`);
          assert.ok(!res.text.includes('secret'), `${path} served the sibling folder`);
        }
      });
    }
  });
});

describe('express: no charset on text responses (CVE-2014-6393)', () => {
  it('sends a charset with HTML from res.send, on 4.x and on the 3.x layer', async () => {
    for (const framework of [portico, legacy] as Array<() => Listener & { get: (p: string, h: (req: IncomingMessage, res: ServerResponse & { send: (b: string) => void }) => void) => void }>) {
      const app = framework();
      app.get('/', (_req, res) => res.send('<p>+ADw-script+AD4-</p>'));
      await withServer(app, async ({ port }) => {
        const res = await send(port);
        assert.match(String(res.headers['content-type']), /charset=utf-8/i);
      });
    }
  });
});

describe('qs through req.query: prototype pollution (CVE-2022-24999, CVE-2017-1000048) and arrayLimit (CVE-2025-15284)', () => {
  it('keeps __proto__ and constructor keys away from Object.prototype and caps [] arrays', async () => {
    const app = portico();
    app.get('/', (req: IncomingMessage & { query: Record<string, unknown> }, res: ServerResponse) => {
      const a = req.query.a;
      res.end(JSON.stringify({ polluted: ({} as Record<string, unknown>).polluted ?? null, arrayLength: Array.isArray(a) ? a.length : null }));
    });
    await withServer(app, async ({ port }) => {
      const pollute = await send(port, { path: '/?__proto__[polluted]=1&constructor[prototype][polluted]=1&a[__proto__][polluted]=1' });
      assert.equal(JSON.parse(pollute.text).polluted, null);
      const many = await send(port, { path: '/?' + Array.from({ length: 1500 }, () => 'a[]=1').join('&') });
      assert.equal(many.status, 200);
      const { arrayLength } = JSON.parse(many.text) as { arrayLength: number | null };
      assert.ok(arrayLength === null || arrayLength <= 1000, `array of ${arrayLength}`);
    });
  });
});
