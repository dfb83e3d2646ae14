import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import portico from '../../src/index';
import { multipart, type MultipartOptions, type MultipartRequest, type UploadedFile } from '../../src/legacy/middleware/index';
import { withServer, send } from '../helpers/server';
import { until } from '../helpers/wait-for';

const BOUNDARY = '----portico-test-boundary';

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body built by hand, so every byte is known. */
function formBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(head + '\r\n'), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const formHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

let uploadDir = '';
before(() => {
  uploadDir = mkdtempSync(join(tmpdir(), 'portico-multipart-test-'));
});
after(() => rmSync(uploadDir, { recursive: true, force: true }));

/** Files seen by the handler, with their content read while they still exist. */
interface Seen {
  body: unknown;
  files: Record<string, unknown>;
  contents: Record<string, string>;
}

/** Runs one upload through multipart(options) and reports what the handler saw. */
async function upload(parts: Part[] | Buffer, options: MultipartOptions = {}, method = 'POST') {
  let seen: Seen | undefined;
  const app = portico();
  app.use(multipart({ uploadDir, ...options }));
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const r = req as MultipartRequest;
    const contents: Record<string, string> = {};
    const visit = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(visit);
      const file = value as UploadedFile;
      if (file && typeof file.path === 'string') contents[file.path] = readFileSync(file.path, 'utf8');
    };
    Object.values(r.files ?? {}).forEach(visit);
    seen = { body: r.body, files: r.files ?? {}, contents };
    res.end('done');
  });
  app.use((err: { status?: number; message: string; type?: string }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end(JSON.stringify({ message: err.message, type: err.type }));
  });
  const body = Buffer.isBuffer(parts) ? parts : formBody(parts);
  const res = await withServer(app, ({ port }) => send(port, { method, headers: formHeaders, body }));
  // The upload directory is removed after the response: wait for it (with a bound generous for a
  // busy machine; every test here expects it gone, and says so if it is not).
  await until(() => readdirSync(uploadDir).length === 0, 'the upload directory to be emptied').catch(() => undefined);
  return { res, seen };
}

describe('multipart()', () => {
  it('puts fields in req.body and files in req.files, shaped as 3.x', async () => {
    const { res, seen } = await upload([
      { name: 'title', value: 'Holiday' },
      { name: 'photo', value: 'PNGDATA', filename: 'beach.png', type: 'image/png' },
    ]);
    assert.equal(res.text, 'done');
    assert.deepEqual(seen?.body, { title: 'Holiday' });
    const file = seen?.files.photo as UploadedFile;
    assert.equal(file.fieldName, 'photo');
    assert.equal(file.originalFilename, 'beach.png');
    assert.equal(file.name, 'beach.png');
    assert.equal(file.type, 'image/png');
    assert.equal(file.size, 7);
    assert.deepEqual(file.headers, { 'content-disposition': 'form-data; name="photo"; filename="beach.png"', 'content-type': 'image/png' });
    assert.equal(seen?.contents[file.path], 'PNGDATA');
    assert.ok(file.path.startsWith(uploadDir + '/portico-upload-'), file.path);
    assert.match(file.path, /\/1-[0-9a-f]{16}\.png$/);
  });

  it('removes the uploaded files and their directory once the response finished', async () => {
    const { seen } = await upload([{ name: 'f', value: 'x', filename: 'a.txt' }]);
    const file = seen?.files.f as UploadedFile;
    assert.equal(existsSync(file.path), false);
    assert.equal(existsSync(dirname(file.path)), false);
    assert.deepEqual(readdirSync(uploadDir), []);
  });

  it('gathers repeated names into arrays', async () => {
    const { seen } = await upload([
      { name: 'tag', value: 'a' },
      { name: 'tag', value: 'b' },
      { name: 'doc', value: '1', filename: 'one.txt' },
      { name: 'doc', value: '2', filename: 'two.txt' },
    ]);
    assert.deepEqual(seen?.body, { tag: ['a', 'b'] });
    const docs = seen?.files.doc as UploadedFile[];
    assert.deepEqual(docs.map((d) => d.originalFilename), ['one.txt', 'two.txt']);
    assert.deepEqual(docs.map((d) => seen?.contents[d.path]), ['1', '2']);
  });

  it('nests bracketed names', async () => {
    const { seen } = await upload([
      { name: 'user[name]', value: 'tobi' },
      { name: 'user[pets][]', value: 'loki' },
      { name: 'images[avatar]', value: 'x', filename: 'me.jpg' },
    ]);
    assert.deepEqual(seen?.body, { user: { name: 'tobi', pets: ['loki'] } });
    assert.equal(((seen?.files.images as Record<string, UploadedFile>).avatar).originalFilename, 'me.jpg');
  });

  it('drops prototype keys', async () => {
    const { seen } = await upload([{ name: '__proto__[admin]', value: 'true' }, { name: 'ok', value: '1' }]);
    assert.deepEqual(seen?.body, { ok: '1' });
    assert.equal(({} as Record<string, unknown>).admin, undefined);
  });

  it('ignores an empty, nameless file input', async () => {
    const { seen } = await upload([{ name: 'f', value: '', filename: '', type: 'application/octet-stream' }, { name: 'a', value: '1' }]);
    assert.deepEqual(seen?.files, {});
    assert.deepEqual(seen?.body, { a: '1' });
  });

  it('keeps an empty file that has a name', async () => {
    const { seen } = await upload([{ name: 'f', value: '', filename: 'empty.txt' }]);
    assert.equal((seen?.files.f as UploadedFile).size, 0);
  });

  it('drops an extension that is not plain', async () => {
    const { seen } = await upload([{ name: 'f', value: 'x', filename: 'weird.t x t' }]);
    assert.match((seen?.files.f as UploadedFile).path, /\/1-[0-9a-f]{16}$/);
  });

  it('reads UTF-8 file names', async () => {
    const { seen } = await upload([{ name: 'f', value: 'x', filename: 'snow ☃.txt' }]);
    assert.equal((seen?.files.f as UploadedFile).originalFilename, 'snow ☃.txt');
  });

  it('sets req.body and req.files to {} for other requests', async () => {
    let seen: unknown;
    const app = portico();
    app.use(multipart());
    app.use((req: IncomingMessage, res: ServerResponse) => {
      const r = req as MultipartRequest;
      seen = [r.body, r.files];
      res.end();
    });
    await withServer(app, async ({ port }) => {
      await send(port, { method: 'GET' });
      assert.deepEqual(seen, [{}, {}]);
      await send(port, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
      assert.deepEqual(seen, [{}, {}]);
      await send(port, { method: 'POST', headers: { ...formHeaders, 'content-length': '0' } });
      assert.deepEqual(seen, [{}, {}]);
    });
  });

  it('skips a body an earlier parser already read', async () => {
    let seen: unknown;
    const app = portico();
    app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
      Object.assign(req, { _body: true, body: { from: 'earlier' } });
      next();
    });
    app.use(multipart());
    app.use((req: IncomingMessage, res: ServerResponse) => {
      seen = (req as MultipartRequest).body;
      res.end();
    });
    await withServer(app, ({ port }) => send(port, { method: 'POST', headers: formHeaders, body: formBody([{ name: 'a', value: '1' }]) }));
    assert.deepEqual(seen, { from: 'earlier' });
  });

  it('merges fields into a body object set earlier', async () => {
    let seen: unknown;
    const app = portico();
    app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
      (req as MultipartRequest).body = { kept: true };
      next();
    });
    app.use(multipart({ uploadDir }));
    app.use((req: IncomingMessage, res: ServerResponse) => {
      seen = (req as MultipartRequest).body;
      res.end();
    });
    await withServer(app, ({ port }) => send(port, { method: 'POST', headers: formHeaders, body: formBody([{ name: 'a', value: '1' }]) }));
    assert.deepEqual(seen, { kept: true, a: '1' });
  });
});

describe('multipart() limits', () => {
  it('responds 413 for a file over maxFileSize and leaves no file behind', async () => {
    const { res, seen } = await upload([{ name: 'f', value: 'x'.repeat(2000), filename: 'big.txt' }], { maxFileSize: 1000 });
    assert.equal(res.status, 413);
    assert.deepEqual(JSON.parse(res.text), { message: 'file too large', type: 'entity.too.large' });
    assert.equal(seen, undefined);
    assert.deepEqual(readdirSync(uploadDir), []);
  });

  it('responds 413 when all files together exceed maxFilesSize', async () => {
    const parts = [1, 2, 3].map((i) => ({ name: 'f', value: 'x'.repeat(400), filename: `${i}.txt` }));
    const { res } = await upload(parts, { maxFilesSize: 1000 });
    assert.equal(res.status, 413);
    assert.equal(JSON.parse(res.text).message, 'files too large');
    assert.deepEqual(readdirSync(uploadDir), []);
  });

  it('responds 413 for more files than maxFiles', async () => {
    const parts = [1, 2, 3].map((i) => ({ name: 'f', value: 'x', filename: `${i}.txt` }));
    const { res } = await upload(parts, { maxFiles: 2 });
    assert.equal(res.status, 413);
    assert.deepEqual(JSON.parse(res.text), { message: 'too many files', type: 'parameters.too.many' });
    assert.deepEqual(readdirSync(uploadDir), []);
  });

  it('responds 413 for more fields than maxFields', async () => {
    const { res } = await upload([{ name: 'a', value: '1' }, { name: 'b', value: '2' }], { maxFields: 1 });
    assert.equal(res.status, 413);
    assert.equal(JSON.parse(res.text).message, 'too many fields');
  });

  it('responds 413 for more parts than maxParts', async () => {
    const { res } = await upload([{ name: 'a', value: '1' }, { name: 'b', value: 'x', filename: 'b.txt' }], { maxParts: 1 });
    assert.equal(res.status, 413);
    assert.equal(JSON.parse(res.text).message, 'too many parts');
  });

  it('responds 413 when field values exceed maxFieldsSize', async () => {
    const { res } = await upload([{ name: 'a', value: 'x'.repeat(600) }, { name: 'b', value: 'x'.repeat(600) }], { maxFieldsSize: 1000 });
    assert.equal(res.status, 413);
    assert.equal(JSON.parse(res.text).message, 'fields too large');
  });

  it('responds 413 for a single field value over maxFieldsSize', async () => {
    const { res } = await upload([{ name: 'a', value: 'x'.repeat(2000) }], { maxFieldsSize: 1000 });
    assert.equal(res.status, 413);
  });

  it('responds 413 for a field name over maxFieldNameSize', async () => {
    const { res } = await upload([{ name: 'n'.repeat(50), value: '1' }], { maxFieldNameSize: 10 });
    assert.equal(res.status, 413);
    assert.equal(JSON.parse(res.text).message, 'field name too long');
  });

  it('responds 413 for a body over limit, from Content-Length, before reading it', async () => {
    const { res } = await upload([{ name: 'f', value: 'x'.repeat(5000), filename: 'a.txt' }], { limit: '1kb' });
    assert.equal(res.status, 413);
    assert.deepEqual(JSON.parse(res.text), { message: 'request entity too large', type: 'entity.too.large' });
  });

  it('rejects a size option bytes cannot read', () => {
    assert.throws(() => multipart({ limit: 'lots' }), TypeError);
  });
});

describe('multipart() malformed bodies', () => {
  it('responds 400 for a Content-Type without boundary', async () => {
    const app = portico();
    app.use(multipart({ uploadDir }));
    app.use((_req: IncomingMessage, res: ServerResponse) => res.end('reached'));
    const res = await withServer(app, ({ port }) =>
      send(port, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }),
    );
    assert.equal(res.status, 400);
  });

  it('responds 400 for a truncated body and leaves no file behind', async () => {
    const full = formBody([{ name: 'f', value: 'x'.repeat(100), filename: 'a.txt' }]);
    const { res } = await upload(full.subarray(0, full.length - 40));
    assert.equal(res.status, 400);
    assert.deepEqual(JSON.parse(res.text), { message: 'Unexpected end of form', type: 'entity.parse.failed' });
    assert.deepEqual(readdirSync(uploadDir), []);
  });
});
