import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestHandler } from 'express';
import { createHmac } from 'node:crypto';
import cookieParser from 'cookie-parser';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, type Framework } from './support/harness';

const express = frameworkUnderTest(portico);

type ParserFactory = (secret?: string | string[]) => RequestHandler;

/** The package and Portico's own parser, which must be interchangeable. */
const parsers: Array<[string, ParserFactory]> = [
  ['cookie-parser (the package)', cookieParser],
  ['portico.cookieParser', (portico as unknown as Framework & { cookieParser: ParserFactory }).cookieParser],
];

/** The README's app: cookies set by routes, read back through req.cookies and req.signedCookies. */
function cookieApp(parser: ParserFactory, secret: string | string[] = 'keyboard cat') {
  const app = express();
  app.use(parser(secret));
  app.get('/set', (_req, res) => {
    res.cookie('plain', 'hello world');
    res.cookie('prefs', { theme: 'dark', size: 3 });
    res.cookie('user', 'ada', { signed: true, httpOnly: true });
    res.send('set');
  });
  app.get('/read', (req, res) => {
    res.json({ cookies: req.cookies, signedCookies: req.signedCookies, secret: (req as { secret?: string }).secret });
  });
  return app;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
function cookiesOf(res: Response): string {
  return res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
}

for (const [label, parser] of parsers) {
  describe(`${label} on the framework`, () => {
    it('reads back what res.cookie set: plain, JSON ("j:") and signed cookies', async () => {
      await withApp(cookieApp(parser), async ({ url }) => {
        const set = await fetch(`${url}/set`);
        const lines = set.headers.getSetCookie();
        assert.equal(lines[0], 'plain=hello%20world; Path=/');
        assert.equal(lines[1], 'prefs=j%3A%7B%22theme%22%3A%22dark%22%2C%22size%22%3A3%7D; Path=/');
        assert.match(lines[2], /^user=s%3Aada\.[\w%]+; Path=\/; HttpOnly$/);
        const read = await fetch(`${url}/read`, { headers: { cookie: cookiesOf(set) } });
        assert.deepEqual(await read.json(), {
          cookies: { plain: 'hello world', prefs: { theme: 'dark', size: 3 } },
          signedCookies: { user: 'ada' },
          secret: 'keyboard cat',
        });
      });
    });

    it('gives false for a signed cookie whose signature does not match', async () => {
      await withApp(cookieApp(parser), async ({ url }) => {
        const read = await fetch(`${url}/read`, { headers: { cookie: 'user=s%3Amallory.forged' } });
        assert.deepEqual(await read.json(), { cookies: {}, signedCookies: { user: false }, secret: 'keyboard cat' });
      });
    });

    it('accepts cookies signed with an older secret of a rotation list', async () => {
      let signedWithOld = '';
      await withApp(cookieApp(parser, 'old secret'), async ({ url }) => {
        signedWithOld = cookiesOf(await fetch(`${url}/set`));
      });
      await withApp(cookieApp(parser, ['new secret', 'old secret']), async ({ url }) => {
        const body = (await (await fetch(`${url}/read`, { headers: { cookie: signedWithOld } })).json()) as { signedCookies: unknown; secret: unknown };
        assert.deepEqual(body.signedCookies, { user: 'ada' });
        assert.equal(body.secret, 'new secret');
      });
    });
  });
}

describe('cookie-parser and portico.cookieParser interchanged', () => {
  it('reads, with either parser, the cookies an app using the other one set', async () => {
    const [[, packageParser], [, ownParser]] = parsers;
    for (const [writer, reader] of [
      [packageParser, ownParser],
      [ownParser, packageParser],
    ]) {
      let cookies = '';
      await withApp(cookieApp(writer), async ({ url }) => {
        cookies = cookiesOf(await fetch(`${url}/set`));
      });
      await withApp(cookieApp(reader), async ({ url }) => {
        const body = (await (await fetch(`${url}/read`, { headers: { cookie: cookies } })).json()) as Record<string, unknown>;
        assert.deepEqual(body.cookies, { plain: 'hello world', prefs: { theme: 'dark', size: 3 } });
        assert.deepEqual(body.signedCookies, { user: 'ada' });
      });
    }
  });

  it('offers the same helper functions with the same results', () => {
    const own = (portico as unknown as { cookieParser: typeof cookieParser }).cookieParser;
    // cookie-signature's format: the value, a dot, and its HMAC-SHA256 in base64 without padding.
    const signed = 's:ada.' + createHmac('sha256', 'k').update('ada').digest('base64').replace(/=+$/, '');
    const forged = 's:ada.' + 'x'.repeat(43);
    assert.equal(own.signedCookie(signed, 'k'), 'ada');
    assert.deepEqual(own.JSONCookie('j:{"a":1}'), cookieParser.JSONCookie('j:{"a":1}'));
    assert.deepEqual(own.JSONCookies({ a: 'j:[1]', b: 'x' }), cookieParser.JSONCookies({ a: 'j:[1]', b: 'x' }));
    assert.equal(own.signedCookie(signed, 'k'), cookieParser.signedCookie(signed, 'k'));
    assert.equal(own.signedCookie(forged, 'k'), cookieParser.signedCookie(forged, 'k'));
    assert.equal(own.signedCookie('unsigned', 'k'), cookieParser.signedCookie('unsigned', 'k'));
  });
});
