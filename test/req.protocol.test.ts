import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { readOnce, appWith } from './helpers/one-request';

// A throwaway self-signed certificate for 127.0.0.1, used only by this test.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgUcRAZSk2wQtJ243i
6/UhKLytkF0tD8m7PHxR3zIgtOihRANCAATvksiIPjMLQdr3n5RYCIYctSbp1xws
xTHCBmXWupbG+4f9b97HKH8afRTWRfJMm8hr/FZFRe8cyaFvH1BU8vbR
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBfzCCASWgAwIBAgIUVXq5AQ2vGo0lJCxs2e9hFa4RHikwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjA3MDkwMloYDzIxMjYxMDI5
MDcwOTAyWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATvksiIPjMLQdr3n5RYCIYctSbp1xwsxTHCBmXWupbG+4f9b97HKH8a
fRTWRfJMm8hr/FZFRe8cyaFvH1BU8vbRo1MwUTAdBgNVHQ4EFgQUE7KpDQNpfoPk
3h6Ynpy0WLvzqbswHwYDVR0jBBgwFoAUE7KpDQNpfoPk3h6Ynpy0WLvzqbswDwYD
VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiBixKVKETYmr0Szdn1rNfN3
vb0YbtXSSfz5GEdjXKktfQIhAPtv7bCuO3lnuct5Zwpc7Xmva3ue3AZD+5ZAUkpU
OGDm
-----END CERTIFICATE-----`;

/** Serves an app over TLS on 127.0.0.1 and returns the JSON body of one request. */
async function overTls(setup: (app: any) => void, headers: Record<string, string> = {}): Promise<unknown> {
  const app = appWith((req, res) => res.json([req.protocol, req.secure]), setup);
  const server = https.createServer({ key: KEY, cert: CERT }, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port, path: '/', headers, rejectUnauthorized: false, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(JSON.parse(body)));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const none = () => undefined;

describe('req.protocol and req.secure', () => {
  it('are http and false over plain HTTP', async () => {
    assert.deepEqual(await readOnce((req) => [req.protocol, req.secure]), ['http', false]);
  });

  it('are https and true over TLS', async () => {
    assert.deepEqual(await overTls(none), ['https', true]);
  });

  it('ignore X-Forwarded-Proto from an untrusted peer', async () => {
    assert.deepEqual(await readOnce((req) => [req.protocol, req.secure], { headers: { 'x-forwarded-proto': 'https' } }), ['http', false]);
    assert.deepEqual(await overTls(none, { 'x-forwarded-proto': 'http' }), ['https', true]);
  });

  it('follow the first X-Forwarded-Proto value from a trusted peer', async () => {
    const trusted = (app: any) => app.set('trust proxy', 'loopback');
    assert.deepEqual(await readOnce((req) => [req.protocol, req.secure], { headers: { 'x-forwarded-proto': 'https, http' } }, trusted), ['https', true]);
    assert.deepEqual(await overTls(trusted, { 'x-forwarded-proto': ' http ' }), ['http', false]);
  });

  it('keep the socket protocol when X-Forwarded-Proto is absent', async () => {
    assert.deepEqual(await overTls((app) => app.set('trust proxy', true)), ['https', true]);
  });
});
