import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Request, Response } from 'express';
import morgan from 'morgan';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

/** A morgan `stream` that collects lines and lets a test wait for the next one (morgan writes on finish). */
function logSink() {
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  return {
    lines,
    stream: {
      write(line: string): void {
        lines.push(line);
        waiters.shift()?.(line);
      },
    },
    next(): Promise<string> {
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** The README's app: morgan first, then routes; the sink replaces process.stdout. */
function loggedApp(format: string | morgan.FormatFn<Request, Response>, sink: ReturnType<typeof logSink>, options: morgan.Options<Request, Response> = {}) {
  const app = express();
  const opts = { stream: sink.stream, ...options };
  app.use(typeof format === 'string' ? morgan(format, opts) : morgan(format, opts));
  app.get('/hello', (_req, res) => {
    res.send('hello, world!');
  });
  app.post('/things', (_req, res) => {
    res.status(201).json({ id: 1 });
  });
  const admin = express.Router();
  admin.get('/users', (_req, res) => {
    res.sendStatus(204);
  });
  app.use('/admin', admin);
  return app;
}

describe("morgan('tiny')", () => {
  it('logs method, url, status, length and response time', async () => {
    const sink = logSink();
    await withApp(loggedApp('tiny', sink), async ({ url }) => {
      const logged = sink.next();
      await (await fetch(`${url}/hello?x=1`)).text();
      assert.match(await logged, /^GET \/hello\?x=1 200 13 - \d+(\.\d+)? ms\n$/);
    });
  });

  it('logs the original url of a request handled by a mounted router, and the status it got', async () => {
    const sink = logSink();
    await withApp(loggedApp('tiny', sink), async ({ url }) => {
      const logged = sink.next();
      await fetch(`${url}/admin/users`);
      assert.match(await logged, /^GET \/admin\/users 204 - - \d+(\.\d+)? ms\n$/);
    });
  });
});

describe("morgan('combined')", () => {
  it('writes the Apache combined line with the client address, date, protocol, referrer and agent', async () => {
    const sink = logSink();
    await withApp(loggedApp('combined', sink), async ({ url }) => {
      const logged = sink.next();
      const res = await fetch(`${url}/things`, { method: 'POST', headers: { referer: 'http://ref.test/', 'user-agent': 'probe/1.0' } });
      assert.equal(res.status, 201);
      assert.match(
        await logged,
        /^(::ffff:)?127\.0\.0\.1 - - \[\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000\] "POST \/things HTTP\/1\.1" 201 8 "http:\/\/ref\.test\/" "probe\/1\.0"\n$/,
      );
    });
  });
});

describe('morgan(format function) and options', () => {
  it('passes tokens to a custom format, with response headers and the response time', async () => {
    const sink = logSink();
    const format: morgan.FormatFn<Request, Response> = (tokens, req, res) =>
      [tokens.method(req, res), tokens.url(req, res), tokens.status(req, res), tokens.res(req, res, 'content-type'), tokens['response-time'](req, res), 'ms'].join(' ');
    await withApp(loggedApp(format, sink), async ({ url }) => {
      const logged = sink.next();
      await (await fetch(`${url}/hello`)).text();
      assert.match(await logged, /^GET \/hello 200 text\/html; charset=utf-8 \d+(\.\d+)? ms\n$/);
    });
  });

  it('skips the requests the skip option rejects (here: successful ones)', async () => {
    const sink = logSink();
    const app = loggedApp(':method :url :status', sink, { skip: (_req, res) => res.statusCode < 400 });
    await withApp(app, async ({ url }) => {
      await (await fetch(`${url}/hello`)).text();
      const logged = sink.next();
      await (await fetch(`${url}/missing`)).text();
      assert.equal(await logged, 'GET /missing 404\n');
      assert.deepEqual(sink.lines, ['GET /missing 404\n']);
    });
  });

  it('logs at request time with immediate, before the status is known', async () => {
    const sink = logSink();
    await withApp(loggedApp(':method :url :status', sink, { immediate: true }), async ({ url }) => {
      const logged = sink.next();
      await (await fetch(`${url}/hello`)).text();
      assert.equal(await logged, 'GET /hello -\n');
    });
  });
});
