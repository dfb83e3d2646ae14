import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import portico from '../../src/index';
import { startServer, send, type RunningServer } from '../helpers/server';
import { sendRaw } from '../helpers/raw-http';
import { FILES, etagOf, fixture } from '../helpers/file-fixtures';

/*
 * Malformed validators and ranges are ignored, never thrown: the file is served (200) unless the
 * header is well-formed enough to mean 206, 304, 412 or 416, exactly as Express answers them.
 */

let server: RunningServer;
let errors: unknown[] = [];

before(async () => {
  const app = portico();
  app.use(portico.static(FILES));
  app.get('/send', (_req: any, res: any) => res.sendFile(fixture('digits.txt')));
  app.use((err: any, _req: unknown, res: any, _next: unknown) => {
    errors.push(err);
    res.status(err.status ?? 500).end();
  });
  server = await startServer(app);
});

after(() => server.close());

function withHeaders(headers: Record<string, string>, path = '/digits.txt') {
  return send(server.port, { path, headers });
}

describe('portico.static and res.sendFile: malformed request headers', () => {
  const ignored: Array<[string, string]> = [
    ['range', 'garbage'],
    ['range', 'bytes'],
    ['range', 'items=0-1'],
    ['range', '=0-1'],
    ['if-modified-since', 'not a date'],
    ['if-modified-since', '99999999999999999999'],
    ['if-none-match', '"unterminated'],
    ['if-none-match', ',,,'],
    ['if-unmodified-since', 'yesterday-ish'],
    ['if-range', 'garbage'],
  ];
  for (const [name, value] of ignored) {
    it(`serves the whole file despite ${name}: ${value}`, async () => {
      errors = [];
      const res = await withHeaders({ [name]: value, ...(name === 'if-range' ? { range: 'bytes=0-1' } : {}) });
      assert.equal(res.status, 200);
      assert.equal(res.text, '0123456789');
      assert.deepEqual(errors, []);
    });
  }

  it('answers 416 for a bytes range with no satisfiable part, as Express does', async () => {
    for (const value of ['bytes=x-y', 'bytes=', 'bytes=5-2', 'bytes=-0', 'bytes=10-']) {
      assert.equal((await withHeaders({ range: value })).status, 416, value);
    }
  });

  it('survives repeated and oversized headers', async () => {
    const raw = [
      'GET /digits.txt HTTP/1.1',
      'Host: x',
      'Range: bytes=0-1',
      'Range: bytes=2-3',
      'If-None-Match: ' + '"a",'.repeat(2000),
      'If-Modified-Since: ' + 'x'.repeat(4000),
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const res = await sendRaw(server.port, raw);
    assert.ok([200, 206].includes(res.status), String(res.status));
  });

  it('never fails for arbitrary header values (property)', async () => {
    const etag = etagOf(fixture('digits.txt'));
    const value = fc.oneof(
      fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      fc.constantFrom('bytes=0-1', 'bytes=-3', '*', etag, 'W/' + etag, '"x"', 'Mon, 01 Jan 2001 00:00:00 GMT'),
      fc.tuple(fc.integer({ min: -5, max: 30 }), fc.integer({ min: -5, max: 30 })).map(([a, b]) => `bytes=${a}-${b}`),
    );
    const names = fc.constantFrom('range', 'if-range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(names, value, { maxKeys: 4 }), fc.constantFrom('/digits.txt', '/send'), async (headers, path) => {
        const res = await withHeaders(headers, path);
        assert.ok([200, 206, 304, 412, 416].includes(res.status), `${JSON.stringify(headers)} → ${res.status}`);
        if (res.status === 200) assert.equal(res.text, '0123456789');
        if (res.status === 206) assert.ok('0123456789'.includes(res.text) && res.text.length > 0);
      }),
      { numRuns: 200 },
    );
  });
});
