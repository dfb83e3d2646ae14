import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import express from 'express';
import portico from '../../src/index';
import { send, startServer, type Listener, type RunningServer } from '../helpers/server';
import { sendRaw } from '../helpers/raw-http';
import { fetchMode, refusedStatus } from '../helpers/transport';
import { VOLATILE_HEADERS, type FrameworkLike } from '../helpers/compare';
import { fixture, FILES } from '../helpers/file-fixtures';

/*
 * Differential tests of response and error paths on a raw socket: the same routes on Portico and on
 * express@4, in the production env (the status text page) and the test env (the stack page, which
 * also silences both frameworks' error logging), compared byte for byte but for the volatile
 * headers and the stack frames below an error's first line.
 *  - res.send(null) and its neighbours after a Content-Type was set (typed as an empty string);
 *  - invalid statuses with conditional requests (never fresh: node's RangeError, then a 500);
 *  - non-ASCII header values on the pages of the default error handler (written as UTF-8);
 *  - where Express crashes (a NaN status), Portico answers 500 and keeps serving.
 */

type Handler = (req: any, res: any, next: any) => void;

// express@4 and send print their deprecations through `depd`; they are expected here.
process.env.NO_DEPRECATION = 'express,send';
// Portico's deprecations are checked in the member tests; keep this suite's output readable.
process.removeAllListeners('warning');

interface Case {
  name: string;
  handler: Handler;
  /** Request head lines after the request line and Host (each ending in CRLF). */
  headers?: string;
  method?: string;
}

/** Content-Types an app can have set before the body is sent. */
const TYPE_SETTERS: Array<[string, (res: any) => void]> = [
  ['no type', () => undefined],
  ["type('bin')", (res) => res.type('bin')],
  ["type('html')", (res) => res.type('html')],
  ["type('json')", (res) => res.type('json')],
  ["type('foo'), an unknown extension", (res) => res.type('foo')],
  ["type('x/y;charset=utf-16')", (res) => res.type('x/y;charset=utf-16')],
  ["type('a b/c'), an invalid type", (res) => res.type('a b/c')],
  ["set('Content-Type', 'v'), no subtype", (res) => res.set('Content-Type', 'v')],
  ["set('Content-Type', 'a/b')", (res) => res.set('Content-Type', 'a/b')],
  ["set('Content-Type', 'A/B; X=Y'), upper case with a parameter", (res) => res.set('Content-Type', 'A/B; X=Y')],
  ["set('Content-Type', 'TEXT/PLAIN')", (res) => res.set('Content-Type', 'TEXT/PLAIN')],
  ['a latin1 charset', (res) => res.set('Content-Type', 'text/plain; charset=latin1')],
  ['a quoted parameter', (res) => res.setHeader('Content-Type', 'text/x; a="b c"')],
  ['a malformed parameter list', (res) => res.setHeader('Content-Type', 'a/b;;')],
  ['an empty Content-Type', (res) => res.setHeader('Content-Type', '')],
  ['a numeric Content-Type', (res) => res.setHeader('Content-Type', 5)],
];

const BODIES: Array<[string, (res: any) => void]> = [
  ['send(null)', (res) => res.send(null)],
  ['send(undefined)', (res) => res.send(undefined)],
  ['send()', (res) => res.send()],
  ["send('')", (res) => res.send('')],
  ["send('s')", (res) => res.send('s')],
  ['send(Buffer)', (res) => res.send(Buffer.from('b'))],
  ['send(true)', (res) => res.send(true)],
  ['send({})', (res) => res.send({ a: 1 })],
  ['json(null)', (res) => res.json(null)],
  ['jsonp(1)', (res) => res.jsonp(1)],
];

const typedBodyCases: Case[] = TYPE_SETTERS.flatMap(([typeName, setType]) =>
  BODIES.map(([bodyName, sendBody]): Case => ({
    name: `${typeName}, then ${bodyName}`,
    handler: (_req, res) => {
      setType(res);
      sendBody(res);
    },
  })),
);

const INVALID_STATUSES: unknown[] = ['x', '200', '304', 200.5, 99, 1000, undefined, null, 0, 600, '2e2', Infinity, [200]];
const CONDITIONS: Array<[string, string]> = [
  ['no condition', ''],
  ['If-None-Match: *', 'If-None-Match: *\r\n'],
  ['If-Modified-Since', 'If-Modified-Since: Wed, 21 Oct 2099 07:28:00 GMT\r\n'],
];
const STATUS_USES: Array<[string, (res: any, status: unknown) => void]> = [
  ['res.status(s).send', (res, s) => res.status(s).send('s')],
  ['res.status(s).json', (res, s) => res.status(s).json({ a: 1 })],
  ['res.sendStatus(s)', (res, s) => res.sendStatus(s)],
  ['res.json(s, body)', (res, s) => res.json(s, 1)],
  ['res.send(body, s)', (res, s) => res.send('b', s)],
  ['Last-Modified, then res.status(s).send', (res, s) => res.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT').status(s).send('s')],
];
const label = (value: unknown): string => (typeof value === 'number' || value === undefined ? String(value) : JSON.stringify(value));

const statusCases: Case[] = INVALID_STATUSES.flatMap((status) =>
  CONDITIONS.flatMap(([conditionName, headers]) =>
    STATUS_USES.flatMap(([useName, use]) =>
      ['GET', 'HEAD'].map((method): Case => ({
        name: `${method} ${useName} with status ${label(status)}, ${conditionName}`,
        method,
        headers,
        handler: (_req, res) => use(res, status),
      })),
    ),
  ),
);

/** Sets non-ASCII header values, the way an app sets them before something fails. */
function setNonAscii(res: any): void {
  res.set('X-A', 'é');
  res.setHeader('X-B', ['ü', 'ß']);
}
const FILE = fixture('hello.txt');
const IF_MATCH_FAILS = 'If-Match: "nope"\r\n';
const UNSATISFIABLE = 'Range: bytes=100-200\r\n';

const nonAsciiCases: Case[] = [
  { name: 'headers set before next(err)', handler: (_req, res, next) => (setNonAscii(res), next(new Error('x'))) },
  { name: 'headers set before next(err), HEAD', method: 'HEAD', handler: (_req, res, next) => (setNonAscii(res), next(new Error('x'))) },
  { name: 'headers set before a throw', handler: (_req, res) => { setNonAscii(res); throw new Error('thrown'); } },
  { name: "an error's own headers", handler: (_req, _res, next) => next(Object.assign(new Error('x'), { status: 418, headers: { 'X-C': 'ñ' } })) },
  { name: 'headers set before next() (the 404 page)', handler: (_req, res, next) => (setNonAscii(res), next()) },
  { name: "res.attachment('é.txt') before next(err)", handler: (_req, res, next) => (res.attachment('é.txt'), next(new Error('x'))) },
  { name: "res.attachment('€.txt') before next(err)", handler: (_req, res, next) => (res.attachment('€.txt'), next(new Error('x'))) },
  { name: 'res.download answering 412', headers: IF_MATCH_FAILS, handler: (_req, res) => (setNonAscii(res), res.download(FILE, 'é.txt')) },
  { name: 'res.download answering 416', headers: UNSATISFIABLE, handler: (_req, res) => (setNonAscii(res), res.download(FILE, 'é.txt')) },
  { name: 'res.download answering 416, HEAD', method: 'HEAD', headers: UNSATISFIABLE, handler: (_req, res) => (setNonAscii(res), res.download(FILE, 'é.txt')) },
  { name: 'res.download of a missing file', handler: (_req, res) => (setNonAscii(res), res.download(FILE + '.missing', 'é.txt')) },
  { name: 'res.sendFile answering 412', headers: IF_MATCH_FAILS, handler: (_req, res) => (setNonAscii(res), res.sendFile(FILE)) },
  { name: 'res.sendFile of a missing file', handler: (_req, res) => (setNonAscii(res), res.sendFile(FILE + '.missing')) },
  // Ordinary responses: already the same, kept here so the error-page change cannot move them.
  { name: "res.send('s')", handler: (_req, res) => (setNonAscii(res), res.send('s')) },
  { name: 'res.send of a long non-ASCII string', handler: (_req, res) => (setNonAscii(res), res.send('é'.repeat(1200))) },
  { name: 'res.json', handler: (_req, res) => (setNonAscii(res), res.json({ a: 'é' })) },
  { name: 'res.redirect', handler: (_req, res) => (setNonAscii(res), res.redirect('/é')) },
  { name: 'res.sendStatus', handler: (_req, res) => (setNonAscii(res), res.sendStatus(404)) },
  { name: 'res.download of a file', handler: (_req, res) => (setNonAscii(res), res.download(FILE, 'é.txt')) },
];

/** Requests to express.static, with and without `fallthrough`, after non-ASCII headers were set. */
const staticRequests: Array<[string, string, string, string?]> = [
  ['412 with fallthrough', 'GET', '/static/hello.txt', IF_MATCH_FAILS],
  ['416 with fallthrough', 'GET', '/static/hello.txt', UNSATISFIABLE],
  ['416 with fallthrough, HEAD', 'HEAD', '/static/hello.txt', UNSATISFIABLE],
  ['412 without fallthrough', 'GET', '/strict/hello.txt', IF_MATCH_FAILS],
  ['416 without fallthrough', 'GET', '/strict/hello.txt', UNSATISFIABLE],
  ['404 without fallthrough', 'GET', '/strict/missing.txt'],
  ['404 after fallthrough', 'GET', '/static/missing.txt'],
  ['the redirect of a directory', 'GET', '/static/nested'],
  ['the redirect of a directory, HEAD', 'HEAD', '/static/nested'],
];

/** The routes of every case, on one app; the static middleware sits under /static and /strict. */
function build(framework: FrameworkLike, env: string, groups: Case[][]): Listener {
  const app = framework();
  app.set('env', env);
  const nonAscii = (_req: any, res: any, next: any): void => (setNonAscii(res), next());
  app.use('/static', nonAscii, framework.static(FILES));
  app.use('/strict', nonAscii, framework.static(FILES, { fallthrough: false }));
  // A sub-app whose res.set the app wrapped: Portico's path through the app's own header methods.
  const wrapped = framework();
  const ownSet = wrapped.response.set;
  wrapped.response.set = function set(this: unknown, ...args: unknown[]) {
    return ownSet.apply(this, args as never);
  };
  app.use('/wrapped', wrapped);
  groups.forEach((cases, g) =>
    cases.forEach((c, i) => {
      const route = `/${g}/${i}`;
      app.all(route, c.handler);
      wrapped.all(route, c.handler);
    }),
  );
  return app as unknown as Listener;
}

/**
 * A raw response as compared: the volatile headers dropped, and on an error page of the test env
 * the stack frames below the error's first line (and so the Content-Length, HEAD included) set
 * aside, since the two stacks differ. The production env compares those pages whole.
 */
function comparable(raw: string, env: string): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end === -1 ? raw.length : end).split('\r\n');
  const body = (end === -1 ? '' : raw.slice(end + 4)).replace(/<br> &nbsp; &nbsp;at [\s\S]*?<\/pre>/, '</pre>');
  const errorPage = Number(head[0].split(' ')[1]) >= 400 && head.some((line) => /^content-security-policy:/i.test(line));
  const stackPage = env === 'test' && errorPage;
  const lines = head.filter((line) => !VOLATILE_HEADERS.has(line.slice(0, line.indexOf(':')).toLowerCase()));
  return lines.map((line) => (stackPage && /^content-length:/i.test(line) ? 'Content-Length: <stack page>' : line)).join('\r\n') + '\r\n\r\n' + body;
}

function rawRequest(method: string, path: string, headers = ''): string {
  return `${method} ${path} HTTP/1.1\r\nHost: example.com\r\n${headers}Connection: close\r\n\r\n`;
}

const groups = [typedBodyCases, statusCases, nonAsciiCases];

for (const env of ['production', 'test']) {
  describe(`response and error paths on a raw socket against express@4 (env ${env})`, () => {
    let p: RunningServer;
    let e: RunningServer;
    const consoleError = console.error;
    before(async () => {
      // Both frameworks log errors outside the 'test' env.
      console.error = () => undefined;
      p = await startServer(build(portico as unknown as FrameworkLike, env, groups));
      e = await startServer(build(express, env, groups));
    });
    after(async () => {
      console.error = consoleError;
      await p.close();
      await e.close();
    });

    async function same(request: string): Promise<void> {
      const [ours, theirs] = [await sendRaw(p.port, request), await sendRaw(e.port, request)];
      if (refusedStatus(ours, theirs)) {
        // A Response cannot have a status of 600–999: app.fetch refuses it with
        // ERR_PORTICO_FETCH_STATUS, which the app's error path answers (docs/fetch.md).
        if (env === 'test' && !request.startsWith('HEAD ')) assert.match(ours.body, /A Response status must be between 200 and 599/);
        return;
      }
      assert.equal(comparable(ours.raw, env), comparable(theirs.raw, env));
    }

    const titles = ['a Content-Type, then a body', 'an invalid status', 'non-ASCII header values'];
    groups.forEach((cases, g) =>
      describe(titles[g], () => {
        for (const [i, c] of cases.entries()) {
          it(`answers the same bytes: ${c.name}`, () => same(rawRequest(c.method ?? 'GET', `/${g}/${i}`, c.headers)));
        }
        // The status and Content-Type paths through an app's own res.set.
        if (g < 2) {
          it('answers the same bytes for every case when res.set was wrapped', async () => {
            for (const [i, c] of cases.entries()) await same(rawRequest(c.method ?? 'GET', `/wrapped/${g}/${i}`, c.headers));
          });
        }
      }),
    );

    describe('express.static', () => {
      for (const [name, method, path, headers] of staticRequests) {
        it(`answers the same bytes: ${name}`, () => same(rawRequest(method, path, headers)));
      }
    });
  });
}

describe('the error-path differential suite', () => {
  it('covers the cases it was written for', () => {
    assert.ok(typedBodyCases.length >= 150, `${typedBodyCases.length} Content-Type cases`);
    assert.ok(statusCases.length >= 400, `${statusCases.length} status cases`);
  });

  it('sees a non-ASCII header as UTF-8 bytes on the error page, and as latin1 on an ordinary one', async () => {
    const srv = await startServer(build(portico as unknown as FrameworkLike, 'test', groups));
    try {
      const at = (name: string): string => `/2/${nonAsciiCases.findIndex((c) => c.name === name)}`;
      if (fetchMode) {
        // Over app.fetch a Headers value is a byte string, sent as latin1 on both (docs/fetch.md).
        for (const name of ['headers set before next(err)', "res.send('s')"]) {
          assert.equal((await send(srv.port, { path: at(name) })).headers['x-a'], '\u00e9');
        }
        return;
      }
      const page = await sendRaw(srv.port, rawRequest('GET', at('headers set before next(err)')));
      assert.equal(page.status, 500);
      assert.deepEqual(page.headers['x-a'], ['\u00c3\u00a9']);
      const ordinary = await sendRaw(srv.port, rawRequest('GET', at("res.send('s')")));
      assert.equal(ordinary.status, 200);
      assert.deepEqual(ordinary.headers['x-a'], ['\u00e9']);
    } finally {
      await srv.close();
    }
  });
});

/** A server script, run with `node -e`: `res.json(200, NaN)` on GET /, `ok` on GET /next. */
function nanServerScript(framework: string): string {
  return `
const framework = require(${JSON.stringify(framework)});
const http = require('node:http');
const app = framework();
app.set('env', 'production');
app.get('/', (req, res) => res.json(200, NaN));
app.get('/next', (req, res) => res.send('ok'));
const server = app.listen(0, '127.0.0.1', async () => {
  const get = (path) => new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: server.address().port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(res.statusCode + ' ' + body.includes('Internal Server Error')));
    }).on('error', reject);
  });
  process.stdout.write('first: ' + (await get('/')) + '\\n');
  process.stdout.write('second: ' + (await get('/next')) + '\\n');
  server.close();
});
`;
}

describe('a status of NaN, where express@4 crashes (a deliberate difference)', () => {
  it('ends the express@4 process with an uncaught RangeError', () => {
    const child = spawnSync(process.execPath, ['-e', nanServerScript(require.resolve('express'))], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, NO_DEPRECATION: 'express' },
    });
    assert.notEqual(child.status, 0, 'express@4 exits with an error');
    assert.match(child.stderr, /RangeError \[ERR_HTTP_INVALID_STATUS_CODE\]: Invalid status code: NaN/);
    assert.doesNotMatch(child.stdout, /second:/);
  });

  it('answers 500 on Portico and keeps serving', async () => {
    const app = portico();
    app.set('env', 'production');
    const logged: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args[0]);
    app.get('/', (_req: any, res: any) => res.json(200, NaN));
    app.get('/status', (_req: any, res: any) => res.status(NaN).send('s'));
    app.get('/next', (_req: any, res: any) => res.send('ok'));
    const srv = await startServer(app as unknown as Listener);
    try {
      for (const path of ['/', '/status']) {
        const failed = await sendRaw(srv.port, rawRequest('GET', path, 'If-None-Match: *\r\n'));
        assert.equal(failed.status, 500);
        assert.match(failed.body, /<pre>Internal Server Error<\/pre>/);
      }
      assert.match(String(logged[0]), /Invalid status code: NaN/);
      const next = await sendRaw(srv.port, rawRequest('GET', '/next'));
      assert.equal(next.status, 200);
      assert.equal(next.body, 'ok');
    } finally {
      console.error = consoleError;
      await srv.close();
    }
  });
});
