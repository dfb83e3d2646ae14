import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import express from 'express';
import portico from '../src/index';
import { trustedHeadersActive } from '../src/http/trusted-header';
import { send, type SimpleResponse } from './helpers/server';
import { VOLATILE_HEADERS } from './helpers/compare';

/*
 * `res.send` and `res.json` store the headers they compose themselves without node re-validating
 * them. These cases check, against express@4, that nothing an app can observe changed: the header
 * lines on the wire (names as written, order), the `setHeader` calls a wrapper sees, what the
 * header accessors answer after the send, and the error of a second send. Each app runs on a server
 * made by `app.listen` (Portico's request and response classes) and on a plain node:http server.
 */

type Framework = () => any;

process.env.NO_DEPRECATION = 'express';

/** The app under test: handlers that send in various ways, recording what they observe in `log`. */
function build(framework: Framework): any {
  const app = framework();
  app.disable('x-powered-by');
  let log: unknown[] = [];

  // Any request with ?wrap records the response's setHeader calls, as a tracing middleware would.
  app.use(function wrapSetHeader(req: any, res: any, next: any) {
    if (req.path === '/log') return next();
    log = [];
    if (req.query.wrap !== undefined) {
      const original = res.setHeader;
      res.setHeader = function recordingSetHeader(name: string, value: unknown) {
        log.push(['setHeader', name, value]);
        return original.call(this, name, value);
      };
    }
    next();
  });
  app.get('/text', (_req: any, res: any) => res.send('hello'));
  app.get('/json', (_req: any, res: any) => res.json({ a: 1, b: [true, null] }));
  app.get('/buffer', (_req: any, res: any) => res.send(Buffer.from('bytes')));
  app.get('/lower-type', (_req: any, res: any) => {
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.send('typed');
  });
  app.get('/json-lower-type', (_req: any, res: any) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.json([1]);
  });
  app.get('/custom-etag', (_req: any, res: any) => {
    res.setHeader('etag', '"mine"');
    res.send('tagged by the app');
  });
  app.get('/after-send', (_req: any, res: any) => {
    res.on('finish', () => {
      log.push(['names', res.getHeaderNames()]);
      log.push(['headers', { ...res.getHeaders(), date: undefined }]);
      log.push(['has etag', res.hasHeader('ETag'), 'length', res.get('Content-Length'), 'type', res.getHeader('CONTENT-TYPE')]);
      // Names Object.prototype has: the header store must not inherit them.
      log.push(['inherited', res.getHeader('constructor'), res.hasHeader('__proto__'), res.hasHeader('toString'), res.get('hasOwnProperty')]);
    });
    res.send('observed');
  });
  app.get('/twice', (_req: any, res: any) => {
    res.send('first');
    for (const again of [() => res.send('second'), () => res.json({ again: true })]) {
      try {
        again();
        log.push('no error');
      } catch (err) {
        const e = err as Error & { code?: string };
        log.push([e.constructor.name, e.message, e.code]);
      }
    }
  });
  app.get('/removed', (_req: any, res: any) => {
    res.status(204).send('dropped');
    log.push(['after 204', res.getHeaderNames()]);
  });
  app.get('/log', (_req: any, res: any) => {
    const seen = log;
    res.set('X-Log', JSON.stringify(seen)).end();
  });
  return app;
}

/** Header lines as sent, without the ones that differ between any two servers (Date, Connection…). */
function headerLines(res: SimpleResponse): string[][] {
  const lines: string[][] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    if (!VOLATILE_HEADERS.has(res.rawHeaders[i].toLowerCase())) lines.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
  }
  return lines;
}

interface Target {
  port: number;
  close(): void;
}

function listen(server: Server): Promise<Target> {
  return new Promise((resolve) => {
    server.once('listening', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    );
  });
}

const paths = ['/text', '/json', '/buffer', '/lower-type', '/json-lower-type', '/custom-etag', '/after-send', '/twice', '/removed'];

const ways: Array<[string, (app: any) => Server]> = [
  ['app.listen', (app) => app.listen(0, '127.0.0.1')],
  ['a plain node:http server', (app) => http.createServer(app).listen(0, '127.0.0.1')],
];

describe('headers res.send composes', () => {
  it('are stored without re-validation on this Node version unless PORTICO_HEADER_SHORTCUT=off (the path these cases compare)', () => {
    assert.equal(trustedHeadersActive, process.env.PORTICO_HEADER_SHORTCUT !== 'off');
  });

  it('take the public setHeader path when PORTICO_HEADER_SHORTCUT=off is set at start-up, and the shortcut otherwise', () => {
    const active = (setting: string | undefined): string => {
      const env = { ...process.env };
      if (setting === undefined) delete env.PORTICO_HEADER_SHORTCUT;
      else env.PORTICO_HEADER_SHORTCUT = setting;
      const script = "const { trustedHeadersActive } = require('./src/http/trusted-header'); console.log(trustedHeadersActive)";
      return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: join(__dirname, '..'), env, encoding: 'utf8' }).trim();
    };
    assert.equal(active('off'), 'false');
    assert.equal(active(undefined), 'true');
    assert.equal(active('on'), 'true');
  });

  for (const [way, start] of ways) {
    describe('on ' + way, () => {
      const servers: Promise<[Target, Target]> = Promise.all([listen(start(build(portico as unknown as Framework))), listen(start(build(express)))]);
      after(async () => {
        for (const s of await servers) s.close();
      });

      for (const path of paths) {
        for (const query of ['', '?wrap']) {
          it(`${path}${query}: same header lines, body and observations as Express 4`, async () => {
            const [p, e] = await servers;
            const ours = await send(p.port, { path: path + query });
            const theirs = await send(e.port, { path: path + query });
            assert.equal(ours.status, theirs.status);
            assert.deepEqual(headerLines(ours), headerLines(theirs));
            assert.equal(ours.text, theirs.text);
            const ourLog = (await send(p.port, { path: '/log' })).headers['x-log'];
            const theirLog = (await send(e.port, { path: '/log' })).headers['x-log'];
            assert.equal(ourLog, theirLog);
            if (query === '?wrap' && path !== '/twice') assert.match(String(ourLog), /setHeader/);
          });
        }
      }
    });
  }
});

describe('X-Powered-By, written by the app as each request enters it', () => {
  /** An app with x-powered-by on (the default) whose responses record the setHeader calls they see. */
  function poweredApp(framework: Framework, wrapped: boolean): any {
    const app = framework();
    const calls: string[] = [];
    if (wrapped) {
      const original = app.response.setHeader;
      app.response.setHeader = function recordingSetHeader(this: unknown, name: string, value: unknown) {
        calls.push(name);
        return original.call(this, name, value);
      };
    }
    app.get('/', (_req: any, res: any) => {
      res.on('finish', () => calls.push('after: ' + res.getHeaderNames().join(',')));
      res.send('powered');
    });
    app.get('/calls', (_req: any, res: any) => res.end(JSON.stringify(calls.splice(0))));
    return app;
  }

  for (const wrapped of [false, true]) {
    it(`same header names in the same order as Express 4${wrapped ? ', and the same calls to a setHeader wrapped on app.response' : ''}`, async () => {
      const [p, e] = await Promise.all([
        listen(poweredApp(portico as unknown as Framework, wrapped).listen(0, '127.0.0.1')),
        listen(poweredApp(express, wrapped).listen(0, '127.0.0.1')),
      ]);
      try {
        const ours = await send(p.port, { path: '/' });
        const theirs = await send(e.port, { path: '/' });
        const names = (r: SimpleResponse) => r.rawHeaders.filter((_, i) => i % 2 === 0 && r.rawHeaders[i] !== 'Date');
        assert.deepEqual(names(ours), names(theirs));
        assert.equal(ours.headers['x-powered-by'], 'Express');
        assert.equal(theirs.headers['x-powered-by'], 'Express');
        const ourCalls = (await send(p.port, { path: '/calls' })).text;
        assert.equal(ourCalls, (await send(e.port, { path: '/calls' })).text);
        // Set before the app's prototypes apply, so a wrapper on app.response never sees it.
        assert.doesNotMatch(ourCalls, /"X-Powered-By"/);
        if (wrapped) assert.match(ourCalls, /"Content-Type"/);
        assert.match(ourCalls, /after: x-powered-by,/);
      } finally {
        p.close();
        e.close();
      }
    });
  }
});
