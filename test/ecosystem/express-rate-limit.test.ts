import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rateLimit, type Options } from 'express-rate-limit';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

/**
 * express-rate-limit checks its environment on the first request (req.ip, trust proxy,
 * X-Forwarded-For) and reports problems on the console; the tests collect what it reports.
 */
async function collectingWarnings<T>(fn: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const warnings: string[] = [];
  const original = { error: console.error, warn: console.warn };
  console.error = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  console.warn = console.error;
  try {
    return { result: await fn(), warnings };
  } finally {
    console.error = original.error;
    console.warn = original.warn;
  }
}

/** The README's app: a limiter on every route, with the standard draft-7 headers. */
function limitedApp(options: Partial<Options> = {}, trustProxy?: number) {
  const app = express();
  if (trustProxy !== undefined) app.set('trust proxy', trustProxy);
  app.use(rateLimit({ windowMs: 60_000, limit: 2, standardHeaders: 'draft-7', legacyHeaders: false, ...options }));
  app.get('/', (req, res) => {
    res.send(`hello ${req.ip}`);
  });
  return app;
}

describe('rateLimit({ windowMs, limit })', () => {
  it('answers 429 with Retry-After once the limit is used up, and counts down in RateLimit', async () => {
    const { warnings } = await collectingWarnings(() =>
      withApp(limitedApp(), async ({ url }) => {
        const first = await fetch(url);
        assert.equal(first.status, 200);
        assert.equal(first.headers.get('ratelimit-policy'), '2;w=60');
        assert.equal(first.headers.get('ratelimit'), 'limit=2, remaining=1, reset=60');
        assert.match(await first.text(), /^hello (::ffff:)?127\.0\.0\.1$/);
        assert.equal((await fetch(url)).headers.get('ratelimit'), 'limit=2, remaining=0, reset=60');
        const third = await fetch(url);
        assert.equal(third.status, 429);
        assert.equal(third.headers.get('retry-after'), '60');
        assert.equal(await third.text(), 'Too many requests, please try again later.');
      }),
    );
    assert.deepEqual(warnings, []);
  });

  it('sends the configured JSON message and status code', async () => {
    const app = limitedApp({ limit: 1, statusCode: 503, message: { error: 'slow down' } });
    await withApp(app, async ({ url }) => {
      await (await fetch(url)).text();
      const res = await fetch(url);
      assert.equal(res.status, 503);
      assert.deepEqual(await res.json(), { error: 'slow down' });
    });
  });

  it('legacy headers: X-RateLimit-Limit and X-RateLimit-Remaining', async () => {
    await withApp(limitedApp({ standardHeaders: false, legacyHeaders: true }), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.headers.get('x-ratelimit-limit'), '2');
      assert.equal(res.headers.get('x-ratelimit-remaining'), '1');
    });
  });
});

describe('rateLimit() keyed by req.ip behind a trusted proxy', () => {
  it('counts each client address of X-Forwarded-For separately', async () => {
    const { warnings } = await collectingWarnings(() =>
      withApp(limitedApp({}, 1), async ({ url }) => {
        const from = (ip: string) => fetch(url, { headers: { 'x-forwarded-for': ip } });
        assert.equal(await (await from('203.0.113.1')).text(), 'hello 203.0.113.1');
        await (await from('203.0.113.1')).text();
        assert.equal((await from('203.0.113.1')).status, 429);
        const other = await from('203.0.113.2');
        assert.equal(other.status, 200);
        assert.equal(await other.text(), 'hello 203.0.113.2');
      }),
    );
    assert.deepEqual(warnings, []);
  });

  it('ignores X-Forwarded-For when the proxy is not trusted: every request is the socket address', async () => {
    const app = limitedApp({ validate: { xForwardedForHeader: false } });
    await withApp(app, async ({ url }) => {
      const from = (ip: string) => fetch(url, { headers: { 'x-forwarded-for': ip } });
      await (await from('203.0.113.1')).text();
      await (await from('203.0.113.2')).text();
      assert.equal((await from('203.0.113.3')).status, 429);
    });
  });
});
