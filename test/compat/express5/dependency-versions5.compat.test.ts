import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import express5 from 'express5';
import portico5 from '../../../src/express5/index';
import { startServer, send } from '../../helpers/server';
import { comparable, startHeaderPair, twelveByteFile, type HeaderPair } from '../../helpers/header-pair';

/*
 * The behaviours portico/5 takes from the libraries Express 5.3 resolves at other versions than
 * Express 4 (docs/dependencies.md): range-parser 1.3 (`Range` on req.range, static, sendFile,
 * download), qs 6.17 with qs's own limits (`query parser: 'extended'`), negotiator 1 and mime-types 3
 * (`req.accepts*`, `res.format`), type-is 2 (`req.is`), and `req.query` without a prototype when the
 * parser is off.
 * The same app runs on portico/5 and on express@5.3.0; every answer must be equal.
 */

type Framework = typeof express5;

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
  app.get('/languages', (req, res) => res.json(req.acceptsLanguages()));
  app.get('/encodings', (req, res) => res.json(req.acceptsEncodings()));
  app.get('/charsets', (req, res) => res.json(req.acceptsCharsets()));
  app.get('/types', (req, res) => res.json(req.accepts()));
  app.get('/accepts-js', (req, res) => res.json(req.accepts('js', 'html', 'json')));
  app.post('/is', (req, res) => res.json(req.is(JSON.parse(String(req.get('x-types'))) as string[])));
  app.get('/format', (_req, res) =>
    res.format({ 'application/json': () => res.send('json'), 'text/plain': () => res.send('text') }),
  );
  app.use((err: { status?: number; message: string }, _req: unknown, res: { status(n: number): { send(b: string): void } }, _next: unknown) => {
    res.status(err.status ?? 500).send(err.message);
  });
  return app;
}

/** An app with `query parser` set to `setting`, answering what `req.query` holds and whether it has a prototype. */
function buildQuery(framework: Framework, setting: unknown) {
  const app = framework();
  app.set('query parser', setting);
  app.get('/', (req, res) => {
    const q = req.query as object;
    res.json({ query: q, prototype: Object.getPrototypeOf(q) === null ? 'none' : 'Object', fn: typeof app.get('query parser fn') });
  });
  return app;
}

let pair: HeaderPair;
let removeFile: () => void;

before(async () => {
  ({ dir, file, remove: removeFile } = twelveByteFile('portico-deps5-'));
  pair = await startHeaderPair(build(portico5 as unknown as Framework), build(express5));
});
after(async () => {
  await pair.close();
  removeFile();
});

const sameAnswer = (path: string, headers: Record<string, string>) => pair.sameAnswer(path, headers);

// Headers range-parser 1.2 and 1.3 read differently (whitespace around members, empty members, `0x1`).
const RANGES = [
  'bytes=-6000 ,12- ,- ',
  'bytes=0x1-1 ,1- ,5000-5000',
  'BYTES=-',
  'bytes=13-3, -1-2, -0',
  'bytes=0-1, ,2-3',
  'bytes= 0-1',
  'bytes=0-1 , 3-4',
  'bytes=1-,',
  'bytes=,1-2',
  'bytes=-1,-',
  'bytes=0-0,-1',
  'bytes=5-',
];

describe('Range on portico/5 reads as express@5.3.0 (range-parser ^1.2.1, 1.3 today)', () => {
  for (const path of ['/send', '/download', '/static/twelve.txt', '/range/12', '/range/1000', '/range/1000?combine=0', '/range/12?combine=1']) {
    it(`answers every Range header on ${path} as express@5.3.0`, async () => {
      for (const range of RANGES) await sameAnswer(path, { range });
    });
  }
});

describe('Accept-* entries with an empty or bare q on portico/5 (negotiator 1)', () => {
  it('lists `en;q=, fr` as both languages', async () => {
    const res = await sameAnswer('/languages', { 'accept-language': 'en;q=, fr' });
    assert.deepEqual(JSON.parse(res.body.toString()), ['en', 'fr']);
  });
  it('answers res.format with `Accept: application/*;q` (200, not 406)', async () => {
    const res = await sameAnswer('/format', { accept: 'application/*;q' });
    assert.equal(res.status, 200);
    await sameAnswer('/format', { accept: 'application/*;q=' });
    await sameAnswer('/format', { accept: 'text/plain;q=, application/json;q=0.5' });
  });
  it('reads bare and empty q values on every Accept-* header as express@5.3.0', async () => {
    for (const value of ['gzip;q=, br', 'gzip;q, br;q=0.5', '*;q=', 'identity;q=0, gzip;q']) await sameAnswer('/encodings', { 'accept-encoding': value });
    for (const value of ['utf-8;q=, iso-8859-1', '*;q', 'utf-8;q=0.1, latin1;q=']) await sameAnswer('/charsets', { 'accept-charset': value });
    for (const value of ['text/html;q=0.5, */*;q', 'text/*;q=, text/html', 'a/b;q=;c=d']) await sameAnswer('/types', { accept: value });
  });
  it('turns extension names into types with mime-types 3 (`js` is text/javascript)', async () => {
    const res = await sameAnswer('/accepts-js', { accept: 'text/javascript' });
    assert.equal(JSON.parse(res.body.toString()), 'js');
    await sameAnswer('/accepts-js', { accept: 'application/javascript' });
  });
});

describe('req.is on portico/5 (type-is 2, mime-types 3)', () => {
  const CASES: Array<[string, string[]]> = [
    ['text/javascript', ['js']],
    ['application/javascript', ['js']],
    ['application/vnd.api+json', ['+json']],
    ['application/json', ['json', '*/json']],
    ['text/markdown', ['md']],
    ['text/x-markdown', ['md']],
    ['application/x-www-form-urlencoded', ['urlencoded']],
    ['multipart/form-data; boundary=x', ['multipart']],
    ['text/plain; charset=utf-8', ['text/*', 'html']],
  ];
  it('matches Content-Type against types and extension names as express@5.3.0', async () => {
    for (const [type, types] of CASES) {
      const [mine, oracle] = await Promise.all(
        [pair.ours, pair.theirs].map((s) => send(s.port, { method: 'POST', path: '/is', headers: { 'content-type': type, 'x-types': JSON.stringify(types) }, body: 'x' })),
      );
      assert.deepEqual(comparable(mine), comparable(oracle), `${type} ${JSON.stringify(types)}`);
    }
    const js = await send(pair.ours.port, { method: 'POST', path: '/is', headers: { 'content-type': 'text/javascript', 'x-types': '["js"]' }, body: 'x' });
    assert.equal(JSON.parse(js.body.toString()), 'js');
  });
});

describe('query parser settings on portico/5 (Q1, Q2)', () => {
  const QUERIES = [
    '/?a=1',
    '/?a[21]=x',
    '/?a[20]=x',
    '/?b[19]=x',
    '/?b[20]=x',
    '/?a[999]=x',
    '/?' + Array.from({ length: 21 }, (_, i) => 'a[]=' + i).join('&'),
    '/?' + Array.from({ length: 25 }, (_, i) => 'a[]=' + i).join('&'),
    '/?' + Array.from({ length: 20 }, (_, i) => 'a=' + i).join('&'),
    '/?' + Array.from({ length: 22 }, (_, i) => 'a=' + i).join('&'),
    '/?a[0]=x&a[25]=y',
    '/?__proto__[x]=1&constructor=2',
  ];
  for (const setting of [false, 'extended', 'simple', true]) {
    it(`answers req.query with query parser ${JSON.stringify(setting)} as express@5.3.0`, async () => {
      const mine = await startServer(buildQuery(portico5 as unknown as Framework, setting));
      const oracle = await startServer(buildQuery(express5, setting));
      try {
        for (const path of QUERIES) {
          const [a, b] = await Promise.all([send(mine.port, { method: 'GET', path }), send(oracle.port, { method: 'GET', path })]);
          assert.deepEqual(comparable(a), comparable(b), `${JSON.stringify(setting)} ${path}`);
        }
      } finally {
        await mine.close();
        await oracle.close();
      }
    });
  }
  it('gives req.query without a prototype when the parser is off', async () => {
    const mine = await startServer(buildQuery(portico5 as unknown as Framework, false));
    try {
      const res = await send(mine.port, { method: 'GET', path: '/?a=1' });
      assert.deepEqual(JSON.parse(res.body.toString()), { query: {}, prototype: 'none', fn: 'undefined' });
    } finally {
      await mine.close();
    }
  });
  it('keeps `a[21]=x` an object (qs default array limit)', async () => {
    const mine = await startServer(buildQuery(portico5 as unknown as Framework, 'extended'));
    try {
      const res = await send(mine.port, { method: 'GET', path: '/?a[21]=x' });
      assert.deepEqual(JSON.parse(res.body.toString()).query, { a: { 21: 'x' } });
    } finally {
      await mine.close();
    }
  });
});
