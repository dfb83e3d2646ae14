import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { appWith } from '../helpers/one-request';
import { withServer, send } from '../helpers/server';

/*
 * res.cookie against the 2024 `cookie` advisory: names, paths and domains outside the cookie grammar
 * are refused with a TypeError, and nothing reaches Set-Cookie.
 */

const cookieApp = () =>
  appWith((req, res) => {
    const spec = JSON.parse(String(req.get('X-Spec'))) as { name: string; value: string; options: Record<string, unknown> };
    res.cookie(spec.name, spec.value, spec.options);
    res.end('set');
  });

async function attempt(port: number, name: string, value: string, options: Record<string, unknown> = {}) {
  const res = await send(port, { headers: { 'x-spec': JSON.stringify({ name, value, options }) } });
  return { status: res.status, cookie: res.headers['set-cookie'], body: res.text };
}

describe('res.cookie with hostile input', () => {
  it('refuses invalid names, paths and domains with a clear TypeError', async () => {
    await withServer(cookieApp(), async (srv) => {
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['a b', {}, 'argument name is invalid'],
        ['a;b', {}, 'argument name is invalid'],
        ['a=b', {}, 'argument name is invalid'],
        ['', {}, 'argument name is invalid'],
        ['ok', { path: '/;Domain=evil.com' }, 'option path is invalid'],
        ['ok', { domain: 'evil.com; Secure' }, 'option domain is invalid'],
        ['ok', { domain: 'a..b' }, 'option domain is invalid'],
      ];
      for (const [name, options, message] of cases) {
        const res = await attempt(srv.port, name, 'v', options);
        assert.equal(res.status, 500, name);
        assert.equal(res.cookie, undefined);
        assert.equal(JSON.parse(res.body).message, message);
        assert.equal(JSON.parse(res.body).error, 'TypeError');
      }
    });
  });

  it('encodes any value so it cannot add attributes', async () => {
    await withServer(cookieApp(), async (srv) => {
      await fc.assert(
        fc.asyncProperty(fc.string(), async (value) => {
          const res = await attempt(srv.port, 'v', value);
          assert.equal(res.status, 200);
          const [header] = res.cookie as string[];
          assert.equal(header.split(';').length, 2);
          assert.equal(decodeURIComponent(header.slice(2, header.indexOf(';'))), value);
        }),
        { numRuns: 100 },
      );
    });
  });

  it('sends a cookie only for names within the grammar', async () => {
    await withServer(cookieApp(), async (srv) => {
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 12 }), async (name) => {
          const res = await attempt(srv.port, name, 'v');
          const valid = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
          assert.equal(res.status, valid ? 200 : 500, name);
          if (!valid) assert.equal(res.cookie, undefined);
        }),
        { numRuns: 100 },
      );
    });
  });

  it('refuses a value that a custom encode leaves outside the grammar', async () => {
    await withServer(appWith((_req, res) => res.cookie('a', 'x', { encode: () => 'x; Domain=evil.com' }).end()), async (srv) => {
      const res = await send(srv.port);
      assert.equal(JSON.parse(res.text).message, 'argument val is invalid');
      assert.equal(res.headers['set-cookie'], undefined);
    });
  });
});
