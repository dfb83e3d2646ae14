import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appWith } from '../helpers/one-request';
import { withServer, send } from '../helpers/server';
import legacy from '../../src/legacy/index';

/*
 * A Host value never carries userinfo (RFC 9110 §7.2). Express 4 reads `evil.com:x@good.com` as the
 * host name `evil.com`; Portico reads any value with an `@`, literal or percent-encoded, as no host at
 * all (docs/security.md). Every other value, malformed ones included, reads as in Express 4.
 */

const USERINFO_HOSTS = ['evil.com:x@good.com', 'evil.com:x%40good.com', 'evil.com:@good.com', 'evil.com@good.com', 'evil.com%40good.com', 'evil.com:x%40GOOD.com', 'user:pw@good.com:80', '[::1]:x@good.com'];

const reader = appWith(
  (req, res) => res.json({ hostname: req.hostname ?? null, host: req.host ?? null, subdomains: req.subdomains }),
  (app) => app.set('trust proxy', 'loopback'),
);

const readHost = (headers: Record<string, string>) =>
  withServer(reader, async (srv) => {
    const res = await send(srv.port, { headers });
    assert.equal(res.status, 200, res.text);
    return JSON.parse(res.text) as { hostname: string | null; host: string | null; subdomains: string[] };
  });

describe('Host values with userinfo', () => {
  for (const host of USERINFO_HOSTS) {
    it(`Host: ${host} gives no hostname, host or subdomains`, async () => {
      assert.deepEqual(await readHost({ host }), { hostname: null, host: null, subdomains: [] });
    });
    it(`X-Forwarded-Host: ${host} from a trusted proxy gives no hostname`, async () => {
      assert.deepEqual(await readHost({ host: 'proxy.local', 'x-forwarded-host': host }), { hostname: null, host: null, subdomains: [] });
    });
  }

  it('keeps ordinary values as Express 4 reads them', async () => {
    const cases: Array<[string, string]> = [
      ['example.com', 'example.com'],
      ['example.com:8080', 'example.com'],
      ['example.com:', 'example.com'],
      ['a.b.example.com:443', 'a.b.example.com'],
      ['[::1]:3000', '[::1]'],
      ['[::1]', '[::1]'],
      ['example.com:abc', 'example.com'],
      ['[::1', '['],
    ];
    for (const [host, expected] of cases) assert.equal((await readHost({ host })).hostname, expected, host);
    assert.deepEqual((await readHost({ host: 'a.b.example.com:443' })).subdomains, ['b', 'a']);
  });

  it('takes the first X-Forwarded-Host value, and refuses it when that value has userinfo', async () => {
    assert.equal((await readHost({ host: 'p', 'x-forwarded-host': 'one.example, two.example' })).hostname, 'one.example');
    assert.equal((await readHost({ host: 'p', 'x-forwarded-host': 'evil.com:x@good.com, good.com' })).hostname, null);
  });

  it('legacy vhost() matches no virtual host for such a value', async () => {
    const app = legacy();
    app.use(legacy.vhost('evil.com', (_req: unknown, res: { end: (s: string) => void }) => res.end('evil')));
    app.use((_req: unknown, res: { end: (s: string) => void }) => res.end('default'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { headers: { host: 'evil.com:8080' } })).text, 'evil');
      for (const host of USERINFO_HOSTS) assert.equal((await send(srv.port, { headers: { host } })).text, 'default', host);
    });
  });

  it('redirects built by the app from req.hostname never name the userinfo host', async () => {
    const app = appWith((req, res) => res.redirect(`http://${req.hostname ?? 'fallback.example'}/next`));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { headers: { host: 'evil.com:x@good.com' } });
      assert.equal(res.status, 302);
      assert.equal(res.headers.location, 'http://fallback.example/next');
    });
  });
});
