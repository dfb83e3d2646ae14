import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import legacy from '../../src/legacy/index';
import { startServer, send, type Listener, type RunningServer } from '../helpers/server';
import { until } from '../helpers/wait-for';

// A part without a field name once threw inside the parser's stream event and ended the process.
// Express 3 (connect 2.30) accepts such a part and lists it under the key 'null'.

const BOUNDARY = 'XyZ';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const body = (...parts: string[]) => parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join('') + `--${BOUNDARY}--\r\n`;

const NAMELESS_FIELDS: Array<[string, string]> = [
  ['no name parameter', body('Content-Disposition: form-data\r\n\r\nhello')],
  ['an empty name', body('Content-Disposition: form-data; name=""\r\n\r\nhello')],
];
const NAMELESS_FILES: Array<[string, string]> = [
  ['a file part without name', body('Content-Disposition: form-data; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello')],
  ['a file part with an empty name', body('Content-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello')],
];

interface FileSummary { fieldName: unknown; originalFilename: unknown; size: unknown; name: unknown }
const summarise = (files: Record<string, FileSummary>) =>
  Object.fromEntries(Object.entries(files).map(([k, f]) => [k, { fieldName: f.fieldName, originalFilename: f.originalFilename, size: f.size, name: f.name }]));

type Framework = { (): Listener & { use: (...a: unknown[]) => unknown; post: (...a: unknown[]) => unknown }; bodyParser: (o?: object) => unknown; multipart: (o?: object) => unknown };

function buildApp(framework: Framework, middleware: 'bodyParser' | 'multipart', uploadDir: string): Listener {
  const app = framework();
  app.use(framework[middleware]({ uploadDir }));
  app.post('/upload', (req: { body: unknown; files: Record<string, FileSummary> }, res: { json: (v: unknown) => void }) =>
    res.json({ body: req.body, files: summarise(req.files ?? {}) }),
  );
  app.use((err: { status?: number; message: string }, _req: unknown, res: { statusCode: number; end: (s: string) => void }, _next: unknown) => {
    res.statusCode = err.status ?? 500;
    res.end(err.message);
  });
  return app;
}

let uploads = '';
let portico: RunningServer;
let porticoMultipart: RunningServer;
let express3: RunningServer;
before(async () => {
  uploads = mkdtempSync(join(os.tmpdir(), 'portico-nameless-'));
  // express@3's multipart calls os.tmpDir(), which Node has since removed: give the oracle its alias.
  (os as unknown as { tmpDir: () => string }).tmpDir = os.tmpdir;
  const oracle = createRequire(__filename)('express3') as Framework;
  portico = await startServer(buildApp(legacy as unknown as Framework, 'bodyParser', uploads));
  porticoMultipart = await startServer(buildApp(legacy as unknown as Framework, 'multipart', uploads));
  express3 = await startServer(buildApp(oracle, 'bodyParser', uploads));
});
after(async () => {
  await Promise.all([portico.close(), porticoMultipart.close(), express3.close()]);
  rmSync(uploads, { recursive: true, force: true });
});

const post = (server: RunningServer, payload: string) => send(server.port, { method: 'POST', path: '/upload', headers, body: payload });

describe('legacy bodyParser() and multipart() with parts that have no field name', () => {
  for (const [label, payload] of [...NAMELESS_FIELDS, ...NAMELESS_FILES]) {
    it(`answers ${label} as express@3 does, and keeps serving`, async () => {
      const expected = await post(express3, payload);
      for (const server of [portico, porticoMultipart]) {
        const actual = await post(server, payload);
        assert.equal(actual.status, expected.status);
        assert.deepEqual(JSON.parse(actual.text), JSON.parse(expected.text));
      }
      const after = await post(portico, body('Content-Disposition: form-data; name="a"\r\n\r\nb'));
      assert.equal(after.status, 200);
      assert.deepEqual(JSON.parse(after.text).body, { a: 'b' });
    });
  }

  it('lists a nameless field under "null" beside named ones', async () => {
    const payload = body('Content-Disposition: form-data; name="a"\r\n\r\n1', 'Content-Disposition: form-data\r\n\r\n2');
    const res = await post(portico, payload);
    assert.deepEqual(JSON.parse(res.text).body, { a: '1', null: '2' });
  });

  it('removes the uploads of nameless file parts after the response', async () => {
    await post(portico, NAMELESS_FILES[0]![1]);
    // Removed asynchronously, after the response.
    await until(() => !readdirSync(uploads).some((n) => n.startsWith('portico-upload-')), 'the uploads to be removed').catch(() => undefined);
    assert.deepEqual(readdirSync(uploads).filter((n) => n.startsWith('portico-upload-')), []);
  });
});
