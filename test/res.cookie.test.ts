import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';
import { requestOnce } from './helpers/one-request';
import { signCookieValue } from '../src/cookies/signature';

const setCookies = async (act: (res: any, req: any) => unknown) => {
  const res = await requestOnce((req, r) => { act(r, req); r.end(); });
  if (res.status !== 200) throw new Error(res.text);
  return res.headers['set-cookie'];
};

describe('res.cookie(name, value, [options])', () => {
  it('sets a URI-encoded value with Path=/', async () => {
    assert.deepEqual(await setCookies((r) => r.cookie('name', 'a b;c')), ['name=a%20b%3Bc; Path=/']);
  });

  it('writes objects as j: and JSON, other values as strings', async () => {
    assert.deepEqual(await setCookies((r) => r.cookie('o', { x: 1 }).cookie('n', 5).cookie('z', null)), ['o=j%3A%7B%22x%22%3A1%7D; Path=/', 'n=5; Path=/', 'z=j%3Anull; Path=/']);
  });

  it('appends one header per call, after earlier Set-Cookie values', async () => {
    assert.deepEqual(await setCookies((r) => { r.setHeader('Set-Cookie', 'first=1'); r.cookie('a', '1').cookie('b', '2'); }), ['first=1', 'a=1; Path=/', 'b=2; Path=/']);
  });

  it('writes every option of the spec', async () => {
    const [header] = (await setCookies((r) =>
      r.cookie('a', 'b', { domain: 'example.com', path: '/admin', expires: new Date(Date.UTC(2030, 0, 1)), httpOnly: true, secure: true, partitioned: true, priority: 'high', sameSite: 'strict' }),
    )) as string[];
    assert.equal(header, 'a=b; Domain=example.com; Path=/admin; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Strict');
  });

  it('turns maxAge (ms) into Max-Age (s) and Expires, leaving the options untouched', async () => {
    const options = { maxAge: 90_500 };
    const before = Date.now();
    const [header] = (await setCookies((r) => r.cookie('a', 'b', options))) as string[];
    assert.match(header, /^a=b; Max-Age=90; Path=\/; Expires=/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(header)![1]);
    assert.ok(Math.abs(expires - (before + 90_500)) < 3000);
    assert.deepEqual(options, { maxAge: 90_500 });
  });

  it('accepts a numeric string maxAge and ignores a null one', async () => {
    assert.match(((await setCookies((r) => r.cookie('a', 'b', { maxAge: '2000' }))) as string[])[0], /Max-Age=2;/);
    assert.deepEqual(await setCookies((r) => r.cookie('a', 'b', { maxAge: null })), ['a=b; Path=/']);
  });

  it('sameSite true is Strict; expires 0 is a session cookie; path "" is omitted', async () => {
    assert.deepEqual(await setCookies((r) => r.cookie('a', '1', { sameSite: true }).cookie('b', '2', { expires: 0 }).cookie('c', '3', { path: '' })), ['a=1; Path=/; SameSite=Strict', 'b=2; Path=/', 'c=3']);
  });

  it('uses a custom encode function', async () => {
    assert.deepEqual(await setCookies((r) => r.cookie('a', 'b', { encode: (v: string) => v.toUpperCase() })), ['a=B; Path=/']);
  });

  it('signs with the cookie parser secret', async () => {
    const app = portico();
    app.use(portico.cookieParser('s3cret'));
    app.get('/', (_req: any, res: any) => res.cookie('user', 'tobi', { signed: true }).cookie('obj', { a: 1 }, { signed: true }).end());
    await withServer(app, async (srv) => {
      const res = await send(srv.port);
      assert.deepEqual(res.headers['set-cookie'], [
        'user=' + encodeURIComponent('s:' + signCookieValue('tobi', 's3cret')) + '; Path=/',
        'obj=' + encodeURIComponent('s:' + signCookieValue('j:{"a":1}', 's3cret')) + '; Path=/',
      ]);
    });
  });

  it('round-trips a signed cookie through the cookie parser', async () => {
    const app = portico();
    app.use(portico.cookieParser('s3cret'));
    app.get('/set', (_req: any, res: any) => res.cookie('user', 'tobi', { signed: true }).end());
    app.get('/get', (req: any, res: any) => res.json([req.signedCookies.user, req.cookies.user ?? null]));
    await withServer(app, async (srv) => {
      const cookie = (await send(srv.port, { path: '/set' })).headers['set-cookie']![0].split(';')[0];
      const res = await send(srv.port, { path: '/get', headers: { cookie } });
      assert.deepEqual(JSON.parse(res.text), ['tobi', null]);
    });
  });

  it('throws without a secret for signed cookies', async () => {
    const res = await requestOnce((_req, r) => r.cookie('a', 'b', { signed: true }));
    assert.equal(JSON.parse(res.text).message, 'cookieParser("secret") required for signed cookies');
  });
});
