import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import portico from '../../src/index';
import { bodyParser, type BodyParserOptions, type MultipartRequest, type UploadedFile } from '../../src/legacy/middleware/index';
import { withServer, send, type SimpleRequest } from '../helpers/server';

function parsedApp(options?: BodyParserOptions) {
  const app = portico();
  app.use(bodyParser(options));
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const r = req as MultipartRequest;
    const files = r.files as Record<string, UploadedFile> | undefined;
    const summary =
      files === undefined
        ? null
        : Object.fromEntries(Object.entries(files).map(([k, f]) => [k, { name: f.originalFilename, size: f.size, exists: existsSync(f.path) }]));
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ body: r.body, files: summary }));
  });
  app.use((err: { status?: number; type?: string }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end(String(err.type));
  });
  return app;
}

async function post(request: SimpleRequest, options?: BodyParserOptions) {
  return withServer(parsedApp(options), ({ port }) => send(port, { method: 'POST', ...request }));
}

const BOUNDARY = 'bp-boundary';

describe('bodyParser()', () => {
  it('parses JSON bodies, leaving req.files unset as 3.x did', async () => {
    const res = await post({ headers: { 'content-type': 'application/json' }, body: '{"user":{"name":"tobi"}}' });
    assert.deepEqual(JSON.parse(res.text), { body: { user: { name: 'tobi' } }, files: null });
  });

  it('parses URL-encoded bodies with nesting, as 3.x did', async () => {
    const res = await post({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user[name]=tobi&tags[]=a&tags[]=b' });
    assert.deepEqual(JSON.parse(res.text).body, { user: { name: 'tobi' }, tags: ['a', 'b'] });
  });

  it('parses multipart bodies into req.body and req.files', async () => {
    const body =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` +
      `--${BOUNDARY}--\r\n`;
    const res = await post({ headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body });
    assert.deepEqual(JSON.parse(res.text), { body: { title: 'hi' }, files: { doc: { name: 'a.txt', size: 5, exists: true } } });
  });

  it('gives {} for req.body and req.files without a body', async () => {
    const res = await withServer(parsedApp(), ({ port }) => send(port));
    assert.deepEqual(JSON.parse(res.text), { body: {}, files: {} });
  });

  it('responds 400 for invalid JSON', async () => {
    const res = await post({ headers: { 'content-type': 'application/json' }, body: '{"user":' });
    assert.equal(res.status, 400);
    assert.equal(res.text, 'entity.parse.failed');
  });

  it('responds 400 for a malformed multipart body', async () => {
    const res = await post({ headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished` });
    assert.equal(res.status, 400);
  });
});

describe('bodyParser({ limit })', () => {
  it('applies the limit to each kind of body', async () => {
    const big = 'x'.repeat(2048);
    const json = await post({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ big }) }, { limit: '1kb' });
    assert.equal(json.status, 413);
    const form = await post({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'big=' + big }, { limit: '1kb' });
    assert.equal(form.status, 413);
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\n${big}\r\n--${BOUNDARY}--\r\n`;
    const multi = await post({ headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body }, { limit: '1kb' });
    assert.equal(multi.status, 413);
    assert.equal(multi.text, 'entity.too.large');
  });
});

describe('bodyParser() strict JSON', () => {
  it("refuses a JSON body that is not an object or array with 'invalid json', unless strict is false", async () => {
    const app = (options?: BodyParserOptions) => {
      const a = portico();
      a.use(bodyParser(options));
      a.use((req: IncomingMessage, res: ServerResponse) => res.end(JSON.stringify((req as MultipartRequest).body)));
      a.use((err: { status: number; message: string; type: string }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
        res.statusCode = err.status;
        res.end(err.message + '|' + err.type);
      });
      return a;
    };
    const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"str"' };
    const strict = await withServer(app(), ({ port }) => send(port, request));
    assert.deepEqual([strict.status, strict.text], [400, 'invalid json|entity.parse.failed']);
    const loose = await withServer(app({ strict: false }), ({ port }) => send(port, request));
    assert.deepEqual([loose.status, loose.text], [200, '"str"']);
  });
});
