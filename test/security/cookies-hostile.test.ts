import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import portico from '../../src/index';
import { cookieParser, signCookieValue, type CookieRequest } from '../../src/cookies/index';
import { withServer, send } from '../helpers/server';

const SECRET = 'production secret';
const sign = (value: string, secret = SECRET) => 's:' + signCookieValue(value, secret);

/** An app whose /account needs a verified signed `user` cookie: anything else is 401. */
function accountApp() {
  const app = portico();
  app.use(cookieParser(SECRET));
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const r = req as CookieRequest;
    const user = r.signedCookies?.user;
    res.setHeader('Content-Type', 'application/json');
    if (typeof user !== 'string') {
      res.statusCode = 401;
      return res.end(JSON.stringify({ user: user ?? null, cookies: r.cookies }));
    }
    res.end(JSON.stringify({ user }));
  });
  return app;
}

async function account(cookie: string) {
  return withServer(accountApp(), ({ port }) => send(port, { headers: { cookie } }));
}

describe('cookieParser(secret) with forged signed cookies', () => {
  it('accepts the genuine cookie', async () => {
    const res = await account('user=' + encodeURIComponent(sign('tobi')));
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), { user: 'tobi' });
  });

  const genuine = sign('tobi');
  const cases: Array<[string, string]> = [
    ['a changed value', genuine.replace('tobi', 'root')],
    ['a truncated signature', genuine.slice(0, -5)],
    ['no signature at all', 's:tobi'],
    ['an empty signed value', 's:'],
    ['a lone dot', 's:.'],
    ['garbage after the signature', genuine + 'AAAA'],
    ['a signature with padding added', genuine + '='],
    ['a signature made with another secret', sign('tobi', 'guessed secret')],
    ['the signature of another value', 's:root.' + genuine.split('.').pop()],
    ['an oversized value', sign('tobi') + 'x'.repeat(8000)],
  ];
  for (const [label, value] of cases) {
    it(`gives false and 401 for ${label}`, async () => {
      const res = await account('user=' + encodeURIComponent(value));
      assert.equal(res.status, 401);
      const body = JSON.parse(res.text);
      assert.equal(body.user, false);
      assert.deepEqual(body.cookies, {});
    });
  }

  it('never trusts an unsigned cookie of the same name', async () => {
    const res = await account('user=tobi');
    assert.equal(res.status, 401);
    assert.deepEqual(JSON.parse(res.text), { user: null, cookies: { user: 'tobi' } });
  });

  it('does not let a forged duplicate shadow the genuine cookie sent first', async () => {
    const res = await account('user=' + encodeURIComponent(sign('tobi')) + '; user=' + encodeURIComponent(sign('root', 'x')));
    assert.deepEqual(JSON.parse(res.text), { user: 'tobi' });
  });
});

describe('cookieParser() with oversized and numerous cookies', () => {
  it('answers 431 when the Cookie header exceeds the server header limit', async () => {
    const res = await account('big=' + 'x'.repeat(20 * 1024));
    assert.equal(res.status, 431);
  });

  it('parses a thousand cookies', async () => {
    const app = portico();
    app.use(cookieParser());
    app.use((req: IncomingMessage, res: ServerResponse) => res.end(String(Object.keys((req as CookieRequest).cookies ?? {}).length)));
    const header = Array.from({ length: 1000 }, (_, i) => `c${i}=${i}`).join('; ');
    const res = await withServer(app, ({ port }) => send(port, { headers: { cookie: header } }));
    assert.equal(res.text, '1000');
  });
});

describe('cookieParser() with prototype-shaped names and values', () => {
  it('does not pollute prototypes through names or JSON cookies', async () => {
    const app = portico();
    app.use(cookieParser(SECRET));
    app.use((req: IncomingMessage, res: ServerResponse) => {
      const r = req as CookieRequest;
      res.end(
        JSON.stringify({
          cookiesProto: Object.getPrototypeOf(r.cookies) === Object.prototype,
          signedProto: Object.getPrototypeOf(r.signedCookies) === Object.prototype,
          constructorIsString: typeof r.cookies?.constructor,
          ownProtoKey: Object.keys(r.cookies ?? {}).includes('__proto__'),
          polluted: ({} as Record<string, unknown>).polluted ?? null,
        }),
      );
    });
    const header = [
      '__proto__=' + encodeURIComponent('j:{"polluted":1}'),
      'constructor=x',
      'evil=' + encodeURIComponent('j:{"__proto__":{"polluted":1}}'),
      'signed=' + encodeURIComponent(sign('j:{"__proto__":{"polluted":1}}')),
    ].join('; ');
    const res = await withServer(app, ({ port }) => send(port, { headers: { cookie: header } }));
    assert.deepEqual(JSON.parse(res.text), { cookiesProto: true, signedProto: true, constructorIsString: 'string', ownProtoKey: false, polluted: null });
  });
});

describe('cookieParser.signedCookie (property)', () => {
  it('accepts exactly the values signed with one of the secrets', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (value, secret, at, replacement) => {
        const signed = sign(value, secret);
        assert.equal(cookieParser.signedCookie(signed, secret), value);
        assert.equal(cookieParser.signedCookie(signed, ['other-' + secret, secret]), value);
        // Changing any one character after the prefix breaks the signature.
        const index = 2 + (at % (signed.length - 2));
        if (signed[index] === replacement) return;
        const tampered = signed.slice(0, index) + replacement + signed.slice(index + 1);
        assert.equal(cookieParser.signedCookie(tampered, secret), false);
      }),
      { numRuns: 300 },
    );
  });
});
