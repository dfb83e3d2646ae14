import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import portico from '../src/index';
import { cookieParser, signCookieValue, type CookieRequest } from '../src/cookies/index';
import { withServer, send } from './helpers/server';
import { compareApps, type FrameworkLike } from './helpers/compare';

/** Answers with what the parser put on the request, using node's own response API only. */
function echo(req: IncomingMessage, res: ServerResponse): void {
  const r = req as CookieRequest;
  const body = JSON.stringify({ cookies: r.cookies, signedCookies: r.signedCookies, secret: r.secret ?? null });
  res.setHeader('Content-Type', 'application/json');
  res.end(body);
}

function appWith(...middleware: Array<(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void>) {
  const app = portico();
  for (const mw of middleware) app.use(mw);
  app.use(echo);
  return app;
}

async function fetchJson(app: ReturnType<typeof portico>, cookie?: string) {
  return withServer(app, async ({ port }) => {
    const res = await send(port, { headers: cookie === undefined ? {} : { cookie } });
    assert.equal(res.status, 200);
    return JSON.parse(res.text) as { cookies: Record<string, unknown>; signedCookies: Record<string, unknown>; secret: string | null };
  });
}

const sign = (value: string, secret: string) => 's:' + signCookieValue(value, secret);

describe('cookieParser()', () => {
  it('is exposed as portico.cookieParser', () => {
    assert.equal(portico.cookieParser, cookieParser);
  });

  it('gives {} for req.cookies and req.signedCookies when there is no Cookie header', async () => {
    const out = await fetchJson(appWith(cookieParser()));
    assert.deepEqual(out.cookies, {});
    assert.deepEqual(out.signedCookies, {});
    assert.equal(out.secret, null);
  });

  it('parses and URI-decodes cookies', async () => {
    const out = await fetchJson(appWith(cookieParser()), 'a=1; b=%E2%82%AC; c="quoted"');
    assert.deepEqual(out.cookies, { a: '1', b: '€', c: 'quoted' });
  });

  it('keeps the first of repeated cookie names', async () => {
    const out = await fetchJson(appWith(cookieParser()), 'a=first; a=second');
    assert.deepEqual(out.cookies, { a: 'first' });
  });

  it('keeps a value whose percent-encoding is invalid as it was sent', async () => {
    const out = await fetchJson(appWith(cookieParser()), 'bad=%zz%');
    assert.deepEqual(out.cookies, { bad: '%zz%' });
  });

  it('leaves signed cookies in req.cookies when no secret is given', async () => {
    const value = sign('v', 'k');
    const out = await fetchJson(appWith(cookieParser()), 'x=' + encodeURIComponent(value));
    assert.deepEqual(out.cookies, { x: value });
    assert.deepEqual(out.signedCookies, {});
  });

  it('does not parse again when req.cookies is already set', async () => {
    const preset = (req: IncomingMessage, _res: ServerResponse, next: (err?: unknown) => void) => {
      (req as CookieRequest).cookies = { preset: 'yes' };
      next();
    };
    const out = await fetchJson(appWith(preset, cookieParser('k')), 'a=1');
    assert.deepEqual(out.cookies, { preset: 'yes' });
    assert.equal(out.secret, null);
  });
});

describe('cookieParser() JSON cookies', () => {
  it('decodes j:-prefixed cookies into their JSON value', async () => {
    const out = await fetchJson(appWith(cookieParser()), 'obj=' + encodeURIComponent('j:{"a":[1,2]}') + '; arr=j:[1]');
    assert.deepEqual(out.cookies, { obj: { a: [1, 2] }, arr: [1] });
  });

  it('keeps the raw string when the JSON is invalid', async () => {
    const out = await fetchJson(appWith(cookieParser()), 'obj=' + encodeURIComponent('j:{oops'));
    assert.deepEqual(out.cookies, { obj: 'j:{oops' });
  });

  it('keeps the raw string of a JSON cookie whose value is falsy', async () => {
    const out = await fetchJson(appWith(cookieParser()), 'z=j:0; f=j:false; n=j:null');
    assert.deepEqual(out.cookies, { z: 'j:0', f: 'j:false', n: 'j:null' });
  });

  it('decodes JSON inside a signed cookie', async () => {
    const out = await fetchJson(appWith(cookieParser('k')), 'o=' + encodeURIComponent(sign('j:{"u":1}', 'k')));
    assert.deepEqual(out.signedCookies, { o: { u: 1 } });
    assert.deepEqual(out.cookies, {});
  });
});

describe('cookieParser(secret) signed cookies', () => {
  it('sets req.secret to the secret', async () => {
    const out = await fetchJson(appWith(cookieParser('keyboard cat')));
    assert.equal(out.secret, 'keyboard cat');
  });

  it('moves a valid signed cookie to req.signedCookies, unsigned', async () => {
    const out = await fetchJson(appWith(cookieParser('k')), 'plain=1; s=' + encodeURIComponent(sign('hello', 'k')));
    assert.deepEqual(out.cookies, { plain: '1' });
    assert.deepEqual(out.signedCookies, { s: 'hello' });
  });

  it('gives false for a tampered signed cookie and removes it from req.cookies', async () => {
    const forged = sign('hello', 'k').replace('hello', 'admin');
    const out = await fetchJson(appWith(cookieParser('k')), 's=' + encodeURIComponent(forged));
    assert.deepEqual(out.signedCookies, { s: false });
    assert.deepEqual(out.cookies, {});
  });

  it('gives false for a cookie signed with another secret', async () => {
    const out = await fetchJson(appWith(cookieParser('k')), 's=' + encodeURIComponent(sign('hello', 'other')));
    assert.deepEqual(out.signedCookies, { s: false });
  });
});

describe('cookieParser([secrets]) rotation', () => {
  it('sets req.secret to the first secret', async () => {
    const out = await fetchJson(appWith(cookieParser(['new', 'old'])));
    assert.equal(out.secret, 'new');
  });

  it('verifies cookies signed with any of the secrets', async () => {
    const header = 'a=' + encodeURIComponent(sign('one', 'new')) + '; b=' + encodeURIComponent(sign('two', 'old'));
    const out = await fetchJson(appWith(cookieParser(['new', 'old'])), header);
    assert.deepEqual(out.signedCookies, { a: 'one', b: 'two' });
  });

  it('treats an empty list as no secret', async () => {
    const out = await fetchJson(appWith(cookieParser([])), 'a=' + encodeURIComponent(sign('one', 'new')));
    assert.equal(out.secret, null);
    assert.deepEqual(out.signedCookies, {});
  });
});

describe('cookieParser() objects', () => {
  it('gives plain objects, so hasOwnProperty works as in 4.x apps', async () => {
    const app = portico();
    app.use(cookieParser('k'));
    app.use((req: IncomingMessage, res: ServerResponse) => {
      const r = req as CookieRequest;
      // Written the way app code does it, which is what this test protects.
      // eslint-disable-next-line no-prototype-builtins
      res.end(JSON.stringify([r.cookies?.hasOwnProperty('a'), r.signedCookies?.hasOwnProperty('s')]));
    });
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port)).text, '[false,false]');
      assert.equal((await send(port, { headers: { cookie: 'a=1; s=' + encodeURIComponent(sign('v', 'k')) } })).text, '[true,true]');
    });
  });
});

describe('cookieParser(secret, options)', () => {
  it('passes decode to the cookie parser', async () => {
    const out = await fetchJson(appWith(cookieParser(undefined, { decode: (v) => v.toUpperCase() })), 'a=abc');
    assert.deepEqual(out.cookies, { a: 'ABC' });
  });
});

describe('cookieParser helpers', () => {
  it('JSONCookie parses j: values and gives undefined otherwise', () => {
    assert.deepEqual(cookieParser.JSONCookie('j:{"a":1}'), { a: 1 });
    assert.equal(cookieParser.JSONCookie('plain'), undefined);
    assert.equal(cookieParser.JSONCookie('j:{bad'), undefined);
    assert.equal(cookieParser.JSONCookie(42), undefined);
  });

  it('JSONCookies replaces JSON values in place and returns the same object', () => {
    const obj: Record<string, unknown> = { a: 'j:[1]', b: 'text', c: 'j:bad' };
    assert.equal(cookieParser.JSONCookies(obj), obj);
    assert.deepEqual(obj, { a: [1], b: 'text', c: 'j:bad' });
  });

  it('signedCookie unsigns, returns unsigned values unchanged, false when tampered', () => {
    assert.equal(cookieParser.signedCookie(sign('v', 'k'), 'k'), 'v');
    assert.equal(cookieParser.signedCookie(sign('v', 'k'), ['x', 'k']), 'v');
    assert.equal(cookieParser.signedCookie('plain', 'k'), 'plain');
    assert.equal(cookieParser.signedCookie(sign('v', 'k'), 'other'), false);
    assert.equal(cookieParser.signedCookie('s:no-dot', 'k'), false);
    assert.equal(cookieParser.signedCookie(undefined, 'k'), undefined);
  });

  it('signedCookies moves signed entries out of the object', () => {
    const obj: Record<string, unknown> = { a: sign('1', 'k'), b: 'plain', c: sign('3', 'x') };
    const out = cookieParser.signedCookies(obj, 'k');
    assert.deepEqual({ ...out }, { a: '1', c: false });
    assert.deepEqual(obj, { b: 'plain' });
  });

  it('signedCookies never turns an own __proto__ key into a prototype', () => {
    const obj = JSON.parse('{"__proto__": "s:x.y", "a": "plain"}') as Record<string, unknown>;
    const out = cookieParser.signedCookies(obj, 'k');
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.deepEqual(Object.keys(out), []);
  });
});

describe('cookieParser(secret) with res.cookie(..., { signed: true }) from express@4', () => {
  it('reads back the signed and JSON cookies Express writes', async () => {
    // Express signs with req.secret, which our parser sets: the round trip proves the formats match.
    const writer = express();
    writer.use(cookieParser('shared'));
    writer.get('/', (_req, res) => {
      res.cookie('user', 'tobi', { signed: true });
      res.cookie('prefs', { theme: 'dark' }, { signed: true });
      res.cookie('cart', { items: [1, 2] });
      res.end();
    });
    const setCookies = await withServer(writer, async ({ port }) => (await send(port)).headers['set-cookie'] ?? []);
    assert.equal(setCookies.length, 3);
    const header = setCookies.map((line) => line.split(';')[0]).join('; ');

    const out = await fetchJson(appWith(cookieParser('shared')), header);
    assert.deepEqual(out.signedCookies, { user: 'tobi', prefs: { theme: 'dark' } });
    assert.deepEqual(out.cookies, { cart: { items: [1, 2] } });

    const rotated = await fetchJson(appWith(cookieParser(['next', 'shared'])), header);
    assert.deepEqual(rotated.signedCookies, { user: 'tobi', prefs: { theme: 'dark' } });

    const wrong = await fetchJson(appWith(cookieParser('other')), header);
    assert.deepEqual(wrong.signedCookies, { user: false, prefs: false });
  });

  it('signs exactly as Express does, so Express reads what signCookieValue writes', async () => {
    const reader = express();
    reader.use(cookieParser('shared'));
    reader.get('/', (req, res) => {
      res.json({ signed: (req as unknown as CookieRequest).signedCookies });
    });
    const header = 'u=' + encodeURIComponent(sign('tobi', 'shared'));
    const body = await withServer(reader, async ({ port }) => (await send(port, { headers: { cookie: header } })).text);
    assert.deepEqual(JSON.parse(body), { signed: { u: 'tobi' } });
  });
});

describe('cookieParser(secret) with res.cookie(..., { signed: true }) on Portico and express@4', () => {
  /** The same app on both frameworks: it signs two cookies and echoes what the parser read. */
  function build(framework: FrameworkLike) {
    const app = framework();
    app.use(cookieParser(['k1', 'k0']));
    app.get('/', (req, res) => {
      res.cookie('user', 'tobi', { signed: true, httpOnly: true });
      res.cookie('prefs', { theme: 'dark' }, { signed: true });
      res.cookie('plain', { n: 1 });
      const r = req as unknown as CookieRequest;
      res.json({ cookies: r.cookies, signedCookies: r.signedCookies, secret: r.secret });
    });
    return app;
  }

  it('writes the same Set-Cookie lines and reads the same cookies', async () => {
    const cookies = [
      undefined,
      'a=1; b=j:{"x":1}; z=j:0',
      'user=' + encodeURIComponent(sign('tobi', 'k0')) + '; prefs=' + encodeURIComponent(sign('j:{"t":1}', 'k1')),
      'user=' + encodeURIComponent(sign('tobi', 'other')) + '; bad=%zz',
    ];
    const results = await compareApps(build, cookies.map((cookie) => ({ headers: cookie === undefined ? {} : { cookie } })));
    for (const { portico: p, express: e } of results) {
      assert.equal(p.status, e.status);
      assert.deepEqual(p.headers['set-cookie'], e.headers['set-cookie']);
      assert.deepEqual(JSON.parse(p.text), JSON.parse(e.text));
    }
    assert.deepEqual(JSON.parse(results[2].portico.text).signedCookies, { user: 'tobi', prefs: { t: 1 } });
  });

  it('reads back on Portico the signed cookies Portico wrote', async () => {
    const app = build(portico as unknown as FrameworkLike);
    await withServer(app, async ({ port }) => {
      const first = await send(port);
      const cookie = (first.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');
      const second = JSON.parse((await send(port, { headers: { cookie } })).text);
      assert.deepEqual(second.signedCookies, { user: 'tobi', prefs: { theme: 'dark' } });
      assert.deepEqual(second.cookies, { plain: { n: 1 } });
    });
  });
});
