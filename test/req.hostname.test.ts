import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();
const hostname = (headers: Record<string, string>, setup?: (app: any) => void) => readOnce((req) => req.hostname, { headers }, setup);
const trusted = (app: any) => app.set('trust proxy', true);

describe('req.hostname', () => {
  it('is the Host header without the port', async () => {
    assert.equal(await hostname({ host: 'example.com:3000' }), 'example.com');
    assert.equal(await hostname({ host: 'Example.COM' }), 'Example.COM');
  });

  it('keeps IPv6 literals whole, with or without a port', async () => {
    assert.equal(await hostname({ host: '[::1]:3000' }), '[::1]');
    assert.equal(await hostname({ host: '[2001:db8::1]' }), '[2001:db8::1]');
  });

  it('ignores X-Forwarded-Host unless the proxy is trusted', async () => {
    assert.equal(await hostname({ host: 'a.com', 'x-forwarded-host': 'b.com' }), 'a.com');
    assert.equal(await hostname({ host: 'a.com', 'x-forwarded-host': 'b.com:8080' }, trusted), 'b.com');
  });

  it('takes the first of several X-Forwarded-Host values', async () => {
    assert.equal(await hostname({ host: 'a.com', 'x-forwarded-host': 'b.com , c.com' }, trusted), 'b.com');
  });

  it('is undefined when the first X-Forwarded-Host value is empty', async () => {
    assert.equal(await hostname({ host: 'a.com', 'x-forwarded-host': ', c.com' }, trusted), undefined);
  });

  it('falls back to Host when X-Forwarded-Host is empty', async () => {
    assert.equal(await hostname({ host: 'a.com', 'x-forwarded-host': '' }, trusted), 'a.com');
  });

  it('respects a trust function that refuses the peer', async () => {
    assert.equal(await hostname({ host: 'a.com', 'x-forwarded-host': 'b.com' }, (app) => app.set('trust proxy', () => false)), 'a.com');
  });
});

describe('req.host (deprecated)', () => {
  it('returns the hostname and warns', async () => {
    assert.equal(await readOnce((req) => req.host, { headers: { host: 'h.com:81' } }), 'h.com');
    assert.ok(warnings.includes('req.host: Use req.hostname instead'));
  });
});

describe('req.subdomains', () => {
  const subdomains = (host: string, setup?: (app: any) => void) => readOnce((req) => req.subdomains, { headers: { host } }, setup);

  it('lists subdomains nearest the root first', async () => {
    assert.deepEqual(await subdomains('tobi.ferrets.example.com'), ['ferrets', 'tobi']);
  });

  it('is empty for a bare domain, an IPv4 or an IPv6 address', async () => {
    assert.deepEqual(await subdomains('example.com'), []);
    assert.deepEqual(await subdomains('10.20.30.40'), []);
    assert.deepEqual(await subdomains('[::1]:80'), []);
  });

  it('follows the subdomain offset setting', async () => {
    assert.deepEqual(await subdomains('a.b.example.co.uk', (app) => app.set('subdomain offset', 3)), ['b', 'a']);
    assert.deepEqual(await subdomains('a.b.c', (app) => app.set('subdomain offset', 0)), ['c', 'b', 'a']);
    assert.deepEqual(await subdomains('1.2.3.4', (app) => app.set('subdomain offset', 0)), ['1.2.3.4']);
  });

  it('uses a trusted X-Forwarded-Host', async () => {
    const value = await readOnce((req) => req.subdomains, { headers: { host: 'x.y.z', 'x-forwarded-host': 'p.q.r.s' } }, trusted);
    assert.deepEqual(value, ['q', 'p']);
  });
});
