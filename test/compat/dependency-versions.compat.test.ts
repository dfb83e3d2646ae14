import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../../src/index';
import { startServer, send } from '../helpers/server';
import { comparable, startHeaderPair, twelveByteFile, type HeaderPair } from '../helpers/header-pair';

/*
 * `portico` reads `Range` with range-parser 1.2 as express@4 does (`~1.2.1` in express and send
 * 0.19), not with 1.3, which a caret range would resolve today and which rejects headers 1.2 reads;
 * `req.query` with the parser off is a plain `{}`, as in express@4. Same app on both, answers equal.
 */

type Framework = typeof express;

let dir: string;
let file: string;

function build(framework: Framework) {
  const app = framework();
  app.get('/send', (_req, res) => res.sendFile(file));
  app.get('/download', (_req, res) => res.download(file));
  app.use('/static', framework.static(dir));
  app.get('/range/:size', (req, res) => {
    const size = Number(req.params.size);
    const value = req.query.combine === undefined ? req.range(size) : req.range(size, { combine: req.query.combine === '1' });
    res.json({ value: value === undefined ? 'undefined' : value });
  });
  app.use((err: { status?: number; message: string }, _req: unknown, res: { status(n: number): { send(b: string): void } }, _next: unknown) => {
    res.status(err.status ?? 500).send(err.message);
  });
  return app;
}

let pair: HeaderPair;
let removeFile: () => void;

before(async () => {
  ({ dir, file, remove: removeFile } = twelveByteFile('portico-deps4-'));
  pair = await startHeaderPair(build(portico as unknown as Framework), build(express));
});
after(async () => {
  await pair.close();
  removeFile();
});

const sameAnswer = (path: string, headers: Record<string, string>) => pair.sameAnswer(path, headers);

/** Headers range-parser 1.2 and 1.3 read differently. */
const RANGES = ['bytes=-6000 ,12- ,- ', 'bytes=0x1-1 ,1- ,5000-5000', 'BYTES=-', 'bytes=13-3, -1-2, -0', 'bytes=0-1, ,2-3', 'bytes=1-,', 'bytes=,1-2', 'bytes=-1,-'];

describe('Range on portico reads as express@4 (range-parser ~1.2.1)', () => {
  it('answers static `bytes=-6000 ,12- ,- ` on a 12-byte file with 416 `bytes */12`', async () => {
    const res = await sameAnswer('/static/twelve.txt', { range: 'bytes=-6000 ,12- ,- ' });
    assert.equal(res.status, 416);
    assert.equal(res.headers['content-range'], 'bytes */12');
  });
  it('answers res.download `bytes=0x1-1 ,1- ,5000-5000` with 206 `bytes 0-11/12`', async () => {
    const res = await sameAnswer('/download', { range: 'bytes=0x1-1 ,1- ,5000-5000' });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-range'], 'bytes 0-11/12');
  });
  it('answers req.range(1000) with `BYTES=-` as -1, and `bytes=13-3, -1-2, -0` uncombined as ranges', async () => {
    let res = await sameAnswer('/range/1000', { range: 'BYTES=-' });
    assert.deepEqual(JSON.parse(res.body.toString()).value, -1);
    res = await sameAnswer('/range/1000?combine=0', { range: 'bytes=13-3, -1-2, -0' });
    // 1.2 keeps the usable member; 1.3 would call the whole header malformed (-2).
    assert.ok(Array.isArray(JSON.parse(res.body.toString()).value));
  });
  for (const path of ['/send', '/download', '/static/twelve.txt', '/range/12', '/range/1000?combine=0', '/range/12?combine=1']) {
    it(`answers every Range header on ${path} as express@4`, async () => {
      for (const range of RANGES) await sameAnswer(path, { range });
    });
  }
});

describe('query parser off on portico (express@4 keeps a plain object)', () => {
  it('answers req.query as express@4', async () => {
    const make = (framework: Framework) => {
      const app = framework();
      app.set('query parser', false);
      app.get('/', (req, res) => res.json({ query: req.query, prototype: Object.getPrototypeOf(req.query) === Object.prototype }));
      return app;
    };
    const mine = await startServer(make(portico as unknown as Framework));
    const oracle = await startServer(make(express));
    try {
      const [a, b] = await Promise.all([send(mine.port, { method: 'GET', path: '/?a=1' }), send(oracle.port, { method: 'GET', path: '/?a=1' })]);
      assert.deepEqual(comparable(a), comparable(b));
      assert.deepEqual(JSON.parse(a.body.toString()), { query: {}, prototype: true });
    } finally {
      await mine.close();
      await oracle.close();
    }
  });
});
