import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import express from 'express';
import fc from 'fast-check';
import portico from '../../src/index';
import { startServer, send, type RunningServer, type SimpleResponse } from '../helpers/server';
import { sendRaw, type RawResponse } from '../helpers/raw-http';
import { stableHeaders } from '../helpers/compare';
import { FILES, fixture, errorFields, etagOf, lastModifiedOf } from '../helpers/file-fixtures';
import { RANGES, rangeValue } from './range-cases';

/*
 * Differential suite for the Range header (RFC 9110 §14.2) and If-Range (§13.1.5): the same app on
 * Portico and on express@4, every request sent to both, status, headers (but Date, X-Powered-By,
 * Connection) and body bytes compared. Express reads ranges leniently (`bytes=5` is `5-`, `bytes=9x`
 * is `9-`, `=1` is a range of unit ''): Portico answers the same, on res.sendFile, res.download,
 * express.static and req.range.
 */

type Framework = typeof express;

/** hello.txt is 11 bytes: `hello world`. */
const FILE = fixture('hello.txt');
const SIZE = statSync(FILE).size;

function build(framework: Framework) {
  const app = framework();
  app.get('/send', (_req, res) => res.sendFile(FILE));
  app.get('/send-no-ranges', (_req, res) => res.sendFile(FILE, { acceptRanges: false }));
  // Bytes 2 to 8 on offer: ranges count from the window, a 416 names the window's size.
  app.get('/send-window', (_req, res) => res.sendFile(FILE, { start: 2, end: 8 } as object));
  app.get('/download', (_req, res) => res.download(FILE));
  app.use('/static', framework.static(FILES));
  // req.range(size, { combine }) answered as data: the ranges, their unit, or -1/-2/undefined.
  app.get('/range/:size', (req, res) => {
    const size = Number(req.params.size);
    const value = req.query.combine === undefined ? req.range(size) : req.range(size, { combine: req.query.combine === '1' });
    res.json({ value: value === undefined ? 'undefined' : value, type: typeof value === 'object' ? value.type : null });
  });
  app.use((_req: unknown, res: any) => res.status(404).send('NEXT'));
  app.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
    res.status((err as { status?: number }).status ?? 500).json(errorFields(err));
  });
  return app;
}

let subject: RunningServer;
let oracle: RunningServer;

before(async () => {
  subject = await startServer(build(portico as unknown as Framework));
  oracle = await startServer(build(express));
});
after(async () => {
  await subject.close();
  await oracle.close();
});

/** The comparable parts of a response. */
function comparable(res: SimpleResponse) {
  return { status: res.status, headers: stableHeaders(res), body: res.body.toString('latin1') };
}

/** Sends the same request to both servers and asserts the answers are equal; returns Portico's. */
async function sameAnswer(method: string, path: string, headers: Record<string, string>): Promise<SimpleResponse> {
  const [mine, theirs] = await Promise.all([send(subject.port, { method, path, headers }), send(oracle.port, { method, path, headers })]);
  assert.deepEqual(comparable(mine), comparable(theirs), `${method} ${path} ${JSON.stringify(headers)}`);
  return mine;
}

/** The file routes, and req.range with sizes around the file's and both `combine` settings. */
const WHOLE_FILE_ROUTES = ['/send', '/download', '/static/hello.txt'];
const FILE_ROUTES = [...WHOLE_FILE_ROUTES, '/send-window', '/static/empty.txt'];
const RANGE_ROUTES = ['/range/11', '/range/1000', '/range/0', '/range/11?combine=1', '/range/1000?combine=0'];

describe('Range on res.sendFile, res.download and express.static (express@4 answers)', () => {
  it(`answers ${RANGES.length} Range values on ${FILE_ROUTES.length} file routes as express@4 does`, async () => {
    const statuses = new Set<number>();
    for (const path of FILE_ROUTES) {
      for (const range of RANGES) statuses.add((await sameAnswer('GET', path, { range })).status);
    }
    // The table reaches every outcome: the whole file, one range, and unsatisfiable.
    assert.deepEqual([...statuses].sort(), [200, 206, 416]);
  });

  it('gives 206 with bytes 5-10/11 for `bytes=5` (no last-byte-pos is read as "to the end")', async () => {
    const res = await sameAnswer('GET', '/send', { range: 'bytes=5' });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-range'], `bytes 5-${SIZE - 1}/${SIZE}`);
    assert.equal(res.text, ' world');
  });

  it('gives 416 with bytes */11 for `bytes=` and `bytes=c` (a bytes unit with no usable range)', async () => {
    for (const range of ['bytes=', 'bytes=c']) {
      for (const path of WHOLE_FILE_ROUTES) {
        const res = await sameAnswer('GET', path, { range });
        assert.equal(res.status, 416, `${path} ${range}`);
        assert.equal(res.headers['content-range'], `bytes */${SIZE}`);
      }
    }
  });

  it('answers HEAD with ranges as express@4 does', async () => {
    for (const range of ['bytes=0-1', 'bytes=5', 'bytes=', 'bytes=0-1,3-4', 'bytes=20-']) {
      for (const path of FILE_ROUTES) await sameAnswer('HEAD', path, { range });
    }
  });

  it('ignores Range when acceptRanges is false, as express@4 does', async () => {
    for (const range of ['bytes=0-1', 'bytes=', 'bytes=20-']) {
      const res = await sameAnswer('GET', '/send-no-ranges', { range });
      assert.equal(res.status, 200);
    }
  });

  it('honours If-Range only when it names the current ETag or Last-Modified exactly', async () => {
    const etag = etagOf(FILE);
    const lastModified = lastModifiedOf(FILE);
    const older = new Date(statSync(FILE).mtime.getTime() - 5000).toUTCString();
    const newer = new Date(statSync(FILE).mtime.getTime() + 5000).toUTCString();
    const ifRanges = [etag, etag.slice(2), '"x"', `${etag}, "x"`, ` ${etag}`, '*', lastModified, older, newer, 'garbage', '', 'W/"x"'];
    for (const ifRange of ifRanges) {
      for (const range of ['bytes=0-1', 'bytes=5', 'bytes=', 'bytes=20-', 'bytes=0-1,3-4', 'items=0-1']) {
        for (const path of FILE_ROUTES) await sameAnswer('GET', path, { range, 'if-range': ifRange });
      }
    }
  });

  it('keeps If-Range apart from If-None-Match and If-Modified-Since as express@4 does', async () => {
    const etag = etagOf(FILE);
    const lastModified = lastModifiedOf(FILE);
    const combos: Array<Record<string, string>> = [
      { range: 'bytes=0-1', 'if-none-match': etag },
      { range: 'bytes=0-1', 'if-none-match': '"x"', 'if-range': etag },
      { range: 'bytes=0-1', 'if-modified-since': lastModified, 'if-range': lastModified },
      { range: 'bytes=20-', 'if-match': etag },
      { range: 'bytes=20-', 'if-match': '"x"' },
      { range: 'bytes=0-1', 'if-unmodified-since': new Date(0).toUTCString() },
    ];
    for (const headers of combos) {
      for (const path of FILE_ROUTES) await sameAnswer('GET', path, headers);
    }
  });
});

describe('req.range(size, options) (express@4 answers)', () => {
  it(`answers ${RANGES.length} Range values for sizes 0, 11 and 1000, with and without combine, as express@4 does`, async () => {
    for (const path of RANGE_ROUTES) {
      for (const range of RANGES) await sameAnswer('GET', path, { range });
    }
  });

  it('reads `=1` as one range of unit "" and `bytes=5` as 5 to the end', async () => {
    const empty = await sameAnswer('GET', '/range/1000', { range: '=1' });
    assert.deepEqual(JSON.parse(empty.text), { value: [{ start: 1, end: 999 }], type: '' });
    const open = await sameAnswer('GET', '/range/1000', { range: 'bytes=5' });
    assert.deepEqual(JSON.parse(open.text), { value: [{ start: 5, end: 999 }], type: 'bytes' });
  });

  it('answers undefined without a Range header, -1 when unsatisfiable and -2 without `=`', async () => {
    assert.deepEqual(JSON.parse((await sameAnswer('GET', '/range/10', {})).text).value, 'undefined');
    assert.deepEqual(JSON.parse((await sameAnswer('GET', '/range/10', { range: 'bytes=20-' })).text).value, -1);
    assert.deepEqual(JSON.parse((await sameAnswer('GET', '/range/10', { range: 'bytes' })).text).value, -2);
  });

  it('keeps every range in order without combine and merges overlapping and adjacent ones with it', async () => {
    const range = 'bytes=5-6,0-1,1-2,8-9,3-3';
    const plain = await sameAnswer('GET', '/range/10', { range });
    assert.equal(JSON.parse(plain.text).value.length, 5);
    const combined = await sameAnswer('GET', '/range/10?combine=1', { range });
    assert.deepEqual(JSON.parse(combined.text).value, [{ start: 5, end: 6 }, { start: 0, end: 3 }, { start: 8, end: 9 }]);
  });
});

describe('Range bytes node:http cannot send (raw sockets)', () => {
  /** The comparable parts of a raw exchange. */
  const rawComparable = (res: RawResponse) => ({
    status: res.status,
    headers: res.headerLines.filter(([name]) => !['date', 'x-powered-by', 'connection', 'keep-alive'].includes(name.toLowerCase())),
    body: res.body,
  });

  it('answers UTF-8 digits, control bytes and repeated Range headers as express@4 does', async () => {
    const heads = [
      'Range: bytes=\u0663-\r\n', // ARABIC-INDIC DIGIT THREE, sent as its UTF-8 bytes
      'Range: bytes=\uff15-\r\n', // FULLWIDTH DIGIT FIVE
      'Range: bytes=0-1\r\nRange: bytes=3-4\r\n',
      'Range: bytes=0-1\r\nRange: items=3-4\r\n',
      'Range: bytes=0-1\r\nRange: \r\n',
      'Range:\r\n',
      'Range: bytes=0-1\x01\r\n',
    ];
    for (const head of heads) {
      for (const path of [...FILE_ROUTES, '/range/100']) {
        const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\n${head}Connection: close\r\n\r\n`, 'utf8').toString('latin1');
        const [mine, theirs] = await Promise.all([sendRaw(subject.port, request), sendRaw(oracle.port, request)]);
        assert.deepEqual(rawComparable(mine), rawComparable(theirs), `${path} ${JSON.stringify(head)}`);
      }
    }
  });
});

describe('generated Range headers (fast-check, fixed seed)', () => {
  const ifRange = fc.option(fc.constantFrom(etagOf(FILE), lastModifiedOf(FILE), '"x"', new Date(0).toUTCString(), 'garbage'), { freq: 3 });

  it('answers 300 generated Range / If-Range pairs on sendFile, static and req.range as express@4 does', async () => {
    await fc.assert(
      fc.asyncProperty(rangeValue, ifRange, fc.constantFrom(0, 1, 11, 30), async (range, condition, size) => {
        const headers: Record<string, string> = { range };
        if (condition !== null) headers['if-range'] = condition;
        await sameAnswer('GET', '/send', headers);
        await sameAnswer('GET', '/static/hello.txt', headers);
        await sameAnswer('GET', `/range/${size}`, { range });
        await sameAnswer('GET', `/range/${size}?combine=1`, { range });
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });
});
