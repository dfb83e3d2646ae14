import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import { execFile } from 'node:child_process';
import { closeSync, readdirSync, readlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import portico from '../../src/index';
import legacy from '../../src/legacy/index';
import { startSecureHttp2, startCleartextHttp2, connect, request, TLS, type RunningHttp2Server } from '../helpers/http2';
import { makeTempDir } from '../helpers/file-fixtures';

/*
 * A response that breaks after its headers went out must reach the client as broken: over HTTP/1.1
 * the connection is closed; over HTTP/2 the stream is reset with INTERNAL_ERROR, never ended with
 * END_STREAM (which a client, cache or proxy takes for a complete body). The other streams of the
 * session go on. Checked with node's client (`rstCode`, no 'end') and with curl.
 */

process.env.NO_DEPRECATION = 'express';

const tmp = makeTempDir('portico-h2-broken-');
// Sparse: large to the sender, cheap to make; the transfer is still running when its file breaks.
const BIG_FILE = join(tmp.dir, 'big.bin');
writeFileSync(BIG_FILE, '');
truncateSync(BIG_FILE, 64 * 1024 * 1024);

/**
 * Breaks a transfer in progress for real: closes the server's descriptor of `path` (this process's
 * own, listed in /proc/self/fd), so the file stream's next read fails with EBADF.
 */
function closeDescriptorOf(path: string): number {
  let closed = 0;
  for (const name of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${name}`);
    } catch {
      continue;
    }
    if (target === path) {
      closeSync(Number(name));
      closed++;
    }
  }
  return closed;
}

const QUARTER_MIB = Buffer.alloc(256 * 1024, 'x');

interface Outcome {
  status: number;
  body: string;
  /** Whether the stream ended with END_STREAM ('end' event): a complete response. */
  ended: boolean;
  rstCode: number | undefined;
}

/**
 * One request; with `breakFile`, once the first bytes arrived the client stops reading, the file
 * under the transfer is broken, then reading resumes.
 */
function outcome(session: http2.ClientHttp2Session, path: string, breakFile?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const stream = session.request({ ':path': path });
    let status = 0;
    let body = '';
    let ended = false;
    let broken = false;
    stream.on('response', (h) => (status = Number(h[':status'])));
    stream.on('data', (chunk: Buffer) => {
      if (body.length < 4096) body += chunk.toString('latin1');
      if (breakFile !== undefined && !broken) {
        broken = true;
        stream.pause();
        setTimeout(() => {
          assert.equal(closeDescriptorOf(breakFile), 1, 'the transfer had its file open');
          stream.resume();
        }, 30);
      }
    });
    stream.on('end', () => (ended = true));
    stream.on('error', () => {});
    stream.on('close', () => resolve({ status, body, ended, rstCode: stream.rstCode }));
  });
}

function buildApp(framework: typeof portico | typeof legacy): ReturnType<typeof portico> {
  const app = (framework as typeof portico)();
  app.set('env', 'test');
  app.engine('boom', (_path: string, _options: object, callback: (err: Error) => void) => setImmediate(() => callback(new Error('template failed'))));
  app.set('views', tmp.dir);
  app.get('/ok', (_req, res) => res.send('ok'));
  app.get('/quarter-mib', (_req, res) => res.send(QUARTER_MIB));
  app.get('/partial-next', (_req, res, next) => {
    res.write('partial ');
    setTimeout(() => next(new Error('failed after the headers')), 5);
  });
  app.get('/partial-throw', (_req, res) => {
    res.write('partial ');
    throw new Error('thrown after the headers');
  });
  app.get('/partial-render', (_req, res) => {
    res.type('html');
    res.write('<!DOCTYPE html><title>streamed</title>');
    res.render('page.boom');
  });
  app.get('/partial-then-next', (_req, res, next) => {
    res.write('partial, then next() without error');
    setTimeout(() => {
      next();
      setTimeout(() => res.end(' and the end'), 5);
    }, 5);
  });
  app.get('/big', (_req, res) => res.sendFile(BIG_FILE));
  app.use('/static', (framework as typeof portico).static(tmp.dir));
  if (framework === legacy) {
    // 3.x's errorHandler middleware, reached by an error after the headers went out.
    app.use('/error-handler', (_req, res, next) => {
      res.write('partial ');
      setTimeout(() => next(new Error('failed after the headers')), 5);
    });
    app.use('/error-handler', legacy.errorHandler() as never);
  }
  return app;
}

const INTERNAL_ERROR = http2.constants.NGHTTP2_INTERNAL_ERROR;

for (const [name, framework] of [['portico', portico], ['portico/legacy', legacy]] as const) {
  describe(`a response broken after its headers, over HTTP/2 (${name})`, () => {
    let server: RunningHttp2Server;
    let session: http2.ClientHttp2Session;
    writeFileSync(join(tmp.dir, 'page.boom'), 'never rendered');

    before(async () => {
      server = await startSecureHttp2(buildApp(framework));
      session = await connect(server.url);
    });
    after(async () => {
      session.close();
      await server.close();
    });

    const cases: [string, string, string?][] = [
      ['res.write then next(err)', '/partial-next'],
      ['res.write then a throw', '/partial-throw'],
      ['a template that fails while the page streams', '/partial-render'],
      ['res.sendFile whose file fails halfway', '/big', BIG_FILE],
      ['static whose file fails halfway', '/static/big.bin', BIG_FILE],
    ];
    if (framework === legacy) cases.push(['errorHandler() after res.write then next(err)', '/error-handler']);
    for (const [label, path, file] of cases) {
      it(`resets the stream with INTERNAL_ERROR, the other streams go on: ${label}`, async () => {
        // A stream opened before and one after, on the same session.
        const before = request(session, { path: '/ok' });
        const broken = await outcome(session, path, file);
        assert.equal(broken.status, 200);
        assert.ok(broken.body.length > 0, 'part of the body arrived');
        assert.equal(broken.ended, false, 'no END_STREAM');
        assert.equal(broken.rstCode, INTERNAL_ERROR);
        assert.equal((await before).text, 'ok');
        assert.equal((await request(session, { path: '/ok' })).text, 'ok');
        assert.equal(session.destroyed, false);
      });
    }

    it('sends the bytes written before the failure ahead of the reset, while the session is busy with other streams', async () => {
      // Large answers on the same session keep node:http2 writing; a reset submitted then used to
      // overtake the DATA still queued on the broken stream, and the client saw none of its body.
      for (let round = 0; round < 5; round++) {
        const busy = Array.from({ length: 4 }, () => request(session, { path: '/quarter-mib' }));
        const broken = await outcome(session, '/partial-next');
        assert.equal(broken.rstCode, INTERNAL_ERROR);
        assert.equal(broken.ended, false);
        assert.equal(broken.body, 'partial ');
        for (const answer of await Promise.all(busy)) assert.equal(answer.text.length, QUARTER_MIB.length);
      }
    });

    if (framework === portico) {
      it('leaves a response to its writer after next() without an error, and it ends normally', async () => {
        const res = await outcome(session, '/partial-then-next');
        assert.equal(res.ended, true);
        assert.equal(res.rstCode, http2.constants.NGHTTP2_NO_ERROR);
        assert.equal(res.body, 'partial, then next() without error and the end');
      });
    } else {
      // 3.x closes the connection whenever nothing finished a started response, error or not.
      it('resets a response left unfinished by next() without an error, as 3.x closes the connection', async () => {
        const res = await outcome(session, '/partial-then-next');
        assert.equal(res.ended, false);
        assert.equal(res.rstCode, INTERNAL_ERROR);
      });
    }
  });
}

describe('a response broken after its headers, over HTTP/1.1 (unchanged: the connection is closed)', () => {
  it('closes the connection after res.write then next(err)', async () => {
    const app = buildApp(portico);
    const http = await import('node:http');
    const server = http.createServer(app as never);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const result = await new Promise<{ body: string; aborted: boolean }>((resolve) => {
        http.get({ port, host: '127.0.0.1', path: '/partial-next' }, (res) => {
          let body = '';
          let aborted = false;
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('aborted', () => (aborted = true));
          res.on('error', () => {});
          res.on('close', () => resolve({ body, aborted }));
        });
      });
      assert.equal(result.body, 'partial ');
      assert.equal(result.aborted, true);
    } finally {
      server.close();
    }
  });
});

/** Runs curl; its exit code, stdout and stderr. Fails loudly when curl cannot speak HTTP/2. */
function curl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile('curl', ['--silent', '--show-error', '--max-time', '10', ...args], { encoding: 'latin1' }, (err, stdout, stderr) => {
      if (err !== null && typeof err.code !== 'number') {
        reject(new Error(`curl could not run (${err.message}): install curl with HTTP/2 support (apt-get install curl)`));
        return;
      }
      resolve({ code: err === null ? 0 : Number(err.code), stdout, stderr });
    });
  });
}

describe('a response broken after its headers, seen by curl', () => {
  let h2c: RunningHttp2Server;
  let tls: RunningHttp2Server;
  let caFile: string;

  before(async () => {
    const version = await curl(['--version']);
    assert.match(version.stdout, /^Features:.*\bHTTP2\b/m, 'curl must be built with HTTP/2 (nghttp2)');
    h2c = await startCleartextHttp2(buildApp(portico));
    tls = await startSecureHttp2(buildApp(portico));
    caFile = join(tmp.dir, 'ca.pem');
    writeFileSync(caFile, TLS.cert);
  });
  after(async () => {
    await h2c.close();
    await tls.close();
    tmp.remove();
  });

  for (const [label, flag, server] of [
    ['--http2-prior-knowledge (h2c)', '--http2-prior-knowledge', () => h2c],
    ['--http2 (TLS, ALPN)', '--http2', () => tls],
  ] as const) {
    it(`reports the stream as failed with INTERNAL_ERROR, and a whole response as whole: ${label}`, async () => {
      const base = server().url.replace('127.0.0.1', 'localhost');
      const tlsArgs = base.startsWith('https') ? ['--cacert', caFile] : [];
      const ok = await curl([flag, ...tlsArgs, '--write-out', '%{http_version}', base + '/ok']);
      assert.equal(ok.code, 0, ok.stderr);
      assert.equal(ok.stdout, 'ok2');
      const broken = await curl([flag, ...tlsArgs, base + '/partial-next']);
      // 92: CURLE_HTTP2_STREAM, "stream error in the HTTP/2 framing layer".
      assert.equal(broken.code, 92, broken.stderr);
      assert.match(broken.stderr, /INTERNAL_ERROR/);
      assert.equal(broken.stdout, 'partial ');
    });
  }
});
