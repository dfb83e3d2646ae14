import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import legacy from '../../src/legacy/index';
import { loadExpress3, type LegacyFramework } from '../helpers/legacy-oracle';
import { startServer, send, type RunningServer, type SimpleResponse } from '../helpers/server';
import { stableHeaders } from '../helpers/compare';
import { FILES, fixture, etagOf, lastModifiedOf } from '../helpers/file-fixtures';
import { RANGES, rangeValue } from '../compat/range-cases';

/*
 * Differential suite for the Range header on portico/legacy against express@3.21: res.sendfile,
 * res.download, static and req.range. Express 3 read ranges in its own way (no `bytes` unit check,
 * no merging, one unusable member makes the whole header unsatisfiable, req.range without
 * `combine`); status, headers (but Date, Connection) and body bytes are compared.
 */

/** hello.txt is 11 bytes: `hello world`. */
const FILE = fixture('hello.txt');

type Req = { params: { size: string }; query: { combine?: string }; range(size: number, options?: object): unknown };
type Res = { sendfile(path: string, options?: object): void; download(path: string): void; status(code: number): Res; json(v: unknown): void };

function build(framework: LegacyFramework) {
  const app = framework();
  app.get('/sendfile', (_req: Req, res: Res) => res.sendfile(FILE));
  // Bytes 2 to 8 on offer: ranges count from the window, but 3.x's 416 names the whole file's size.
  app.get('/sendfile-window', (_req: Req, res: Res) => res.sendfile(FILE, { start: 2, end: 8 }));
  app.get('/download', (_req: Req, res: Res) => res.download(FILE));
  app.use('/static', framework.static(FILES));
  app.get('/range/:size', (req: Req, res: Res) => {
    const size = Number(req.params.size);
    // 3.x had no `combine`: given anyway, it changes nothing.
    const value = req.query.combine === undefined ? req.range(size) : req.range(size, { combine: true });
    res.json({ value: value === undefined ? 'undefined' : value, type: typeof value === 'object' && value !== null ? (value as { type: string }).type : null });
  });
  app.use((err: { status?: number; message: string }, _req: unknown, res: Res, _next: unknown) => {
    res.status(err.status ?? 500).json({ status: err.status, message: err.message });
  });
  return app;
}

let subject: RunningServer;
let oracle: RunningServer;

before(async () => {
  subject = await startServer(build(legacy));
  oracle = await startServer(build(loadExpress3()));
});
after(async () => {
  await subject.close();
  await oracle.close();
});

const comparable = (res: SimpleResponse) => ({ status: res.status, headers: stableHeaders(res), body: res.body.toString('latin1') });

/** Sends the same request to both servers and asserts the answers are equal; returns portico/legacy's. */
async function sameAnswer(path: string, headers: Record<string, string>, method = 'GET'): Promise<SimpleResponse> {
  const [mine, theirs] = await Promise.all([send(subject.port, { method, path, headers }), send(oracle.port, { method, path, headers })]);
  assert.deepEqual(comparable(mine), comparable(theirs), `${method} ${path} ${JSON.stringify(headers)}`);
  return mine;
}

// res.download is left out of the full table: on an error (416 too) express@3 takes its Content-Disposition
// back off, portico/legacy leaves it on (a difference of res.download's error path, not of Range).
const FILE_ROUTES = ['/sendfile', '/static/hello.txt', '/sendfile-window', '/static/empty.txt'];
const RANGE_ROUTES = ['/range/11', '/range/1000', '/range/0', '/range/11?combine=1'];

describe('portico/legacy Range on res.sendfile, res.download and static (express@3 answers)', () => {
  it(`answers ${RANGES.length} Range values on ${FILE_ROUTES.length} file routes as express@3 does`, async () => {
    const statuses = new Set<number>();
    for (const path of FILE_ROUTES) {
      for (const range of RANGES) statuses.add((await sameAnswer(path, { range })).status);
    }
    assert.deepEqual([...statuses].sort(), [200, 206, 416]);
  });

  it('reads any unit as bytes, merges nothing, and makes one unusable member unsatisfiable', async () => {
    const items = await sameAnswer('/sendfile', { range: 'items=0-1' });
    assert.deepEqual([items.status, items.headers['content-range'], items.text], [206, 'bytes 0-1/11', 'he']);
    const overlapping = await sameAnswer('/static/hello.txt', { range: 'bytes=0-1,1-2' });
    assert.deepEqual([overlapping.status, overlapping.text], [200, 'hello world']);
    const partly = await sameAnswer('/sendfile', { range: 'bytes=0-1,20-30' });
    assert.deepEqual([partly.status, partly.headers['content-range']], [416, 'bytes */11']);
    const window = await sameAnswer('/sendfile-window', { range: 'bytes=20-' });
    assert.deepEqual([window.status, window.headers['content-range']], [416, 'bytes */11']);
  });

  it('answers res.download with a satisfiable or ignored Range as express@3 does', async () => {
    for (const range of ['bytes=0-1', 'items=0-1', 'bytes=5', '=1', 'bytes=0-1,1-2', 'bytes=-3', 'bytes']) {
      assert.notEqual((await sameAnswer('/download', { range })).status, 416, range);
    }
  });

  it('answers HEAD and If-Range as express@3 does', async () => {
    for (const range of ['bytes=0-1', 'items=0-1', 'bytes=', 'bytes=0-1,3-4', 'bytes=20-']) {
      for (const path of FILE_ROUTES) await sameAnswer(path, { range }, 'HEAD');
    }
    const older = new Date(Date.parse(lastModifiedOf(FILE)) - 5000).toUTCString();
    for (const ifRange of [etagOf(FILE), '"x"', lastModifiedOf(FILE), older, 'garbage']) {
      for (const range of ['bytes=0-1', 'items=0-1', 'bytes=20-', 'bytes=0-1,x']) {
        for (const path of FILE_ROUTES) await sameAnswer(path, { range, 'if-range': ifRange });
      }
    }
  });
});

describe('portico/legacy req.range(size) (express@3 answers)', () => {
  it(`answers ${RANGES.length} Range values for sizes 0, 11 and 1000 as express@3 does`, async () => {
    for (const path of RANGE_ROUTES) {
      for (const range of RANGES) await sameAnswer(path, { range });
    }
  });

  it('answers -1 when one member is unusable and ignores combine', async () => {
    assert.deepEqual(JSON.parse((await sameAnswer('/range/11', { range: 'bytes=0-1,x' })).text).value, -1);
    const combined = JSON.parse((await sameAnswer('/range/11?combine=1', { range: 'bytes=0-1,1-2' })).text);
    assert.deepEqual(combined.value, [{ start: 0, end: 1 }, { start: 1, end: 2 }]);
  });
});

describe('portico/legacy generated Range headers (fast-check, fixed seed)', () => {
  it('answers 200 generated Range values on sendfile, static and req.range as express@3 does', async () => {
    await fc.assert(
      fc.asyncProperty(rangeValue, fc.constantFrom(0, 1, 11, 30), async (range, size) => {
        await sameAnswer('/sendfile', { range });
        await sameAnswer('/static/hello.txt', { range });
        await sameAnswer(`/range/${size}`, { range });
      }),
      { numRuns: 200, seed: 20261130 },
    );
  });
});
