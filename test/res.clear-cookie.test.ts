import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();
const cleared = async (act: (res: any, req: any) => unknown) => (await requestOnce((req, r) => { act(r, req); r.end(); })).headers['set-cookie'];

describe('res.clearCookie(name, [options])', () => {
  it('expires the cookie at the epoch on Path=/', async () => {
    assert.deepEqual(await cleared((r) => r.clearCookie('sid')), ['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  });

  it('keeps the options that identify the cookie', async () => {
    assert.deepEqual(await cleared((r) => r.clearCookie('sid', { path: '/admin', domain: 'example.com', secure: true, httpOnly: true, sameSite: 'lax' })), [
      'sid=; Domain=example.com; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    ]);
  });

  it('still applies expires and maxAge, with deprecation warnings', async () => {
    const [withExpires] = (await cleared((r) => r.clearCookie('a', { expires: new Date(Date.UTC(2031, 5, 1)) }))) as string[];
    assert.equal(withExpires, 'a=; Path=/; Expires=Sun, 01 Jun 2031 00:00:00 GMT');
    const [withMaxAge] = (await cleared((r) => r.clearCookie('a', { maxAge: 5000 }))) as string[];
    assert.match(withMaxAge, /^a=; Max-Age=5; Path=\/; Expires=/);
    assert.ok(warnings.some((w) => w.startsWith('res.clearCookie: Passing "options.maxAge" is deprecated.')));
    assert.ok(warnings.some((w) => w.startsWith('res.clearCookie: Passing "options.expires" is deprecated.')));
  });

  it('signs the empty value when asked', async () => {
    const [header] = (await cleared((r, req) => { req.secret = 'k'; r.clearCookie('a', { signed: true }); })) as string[];
    assert.match(header, /^a=s%3A\.[^;]+; Path=\/; Expires=Thu, 01 Jan 1970/);
  });
});
