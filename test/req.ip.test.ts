import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { readOnce } from './helpers/one-request';

const XFF = { 'x-forwarded-for': '1.1.1.1, 10.0.0.1, 127.0.0.2' };
const addresses = (trust: unknown, headers: Record<string, string> = XFF) =>
  readOnce((req) => [req.ip, req.ips], { headers }, (app) => app.set('trust proxy', trust));

describe('req.ip and req.ips', () => {
  it('are the socket address and [] by default', async () => {
    assert.deepEqual(await readOnce((req) => [req.ip, req.ips], { headers: XFF }), ['127.0.0.1', []]);
  });

  it('trust proxy true: the left-most X-Forwarded-For entry', async () => {
    assert.deepEqual(await addresses(true), ['1.1.1.1', ['1.1.1.1', '10.0.0.1', '127.0.0.2']]);
  });

  it('trust proxy false: the socket address', async () => {
    assert.deepEqual(await addresses(false), ['127.0.0.1', []]);
  });

  it('trust proxy hop count', async () => {
    assert.deepEqual(await addresses(1), ['127.0.0.2', ['127.0.0.2']]);
    assert.deepEqual(await addresses(2), ['10.0.0.1', ['10.0.0.1', '127.0.0.2']]);
  });

  it('trust proxy named ranges', async () => {
    assert.deepEqual(await addresses('loopback'), ['10.0.0.1', ['10.0.0.1', '127.0.0.2']]);
    assert.deepEqual(await addresses('loopback, uniquelocal'), ['1.1.1.1', ['1.1.1.1', '10.0.0.1', '127.0.0.2']]);
    assert.deepEqual(await addresses(['loopback', 'linklocal']), ['10.0.0.1', ['10.0.0.1', '127.0.0.2']]);
  });

  it('trust proxy addresses and subnets', async () => {
    assert.deepEqual(await addresses('127.0.0.1, 127.0.0.2, 10.0.0.0/8'), ['1.1.1.1', ['1.1.1.1', '10.0.0.1', '127.0.0.2']]);
  });

  it('trust proxy function receives each address and hop index', async () => {
    const seen: Array<[string, number]> = [];
    const value = await addresses((addr: string, i: number) => (seen.push([addr, i]), i < 2));
    assert.deepEqual(value, ['10.0.0.1', ['10.0.0.1', '127.0.0.2']]);
    assert.deepEqual(seen.slice(0, 3), [['127.0.0.1', 0], ['127.0.0.2', 1], ['10.0.0.1', 2]]);
  });

  it('keeps entries that are not addresses, as sent', async () => {
    assert.deepEqual(await addresses(true, { 'x-forwarded-for': 'unknown, 2.2.2.2' }), ['unknown', ['unknown', '2.2.2.2']]);
  });

  it('rejects invalid trust proxy values at app.set', () => {
    const app = portico();
    assert.throws(() => app.set('trust proxy', 'not-an-ip'), { name: 'TypeError', message: 'invalid IP address: not-an-ip' });
    assert.throws(() => app.set('trust proxy', '1.2.3.4/33'), { name: 'TypeError', message: 'invalid range on address: 1.2.3.4/33' });
    assert.throws(() => app.set('trust proxy', {}), { name: 'TypeError', message: 'unsupported trust argument' });
  });

  it('exposes the compiled predicate as trust proxy fn', () => {
    const app = portico();
    app.set('trust proxy', 2);
    const fn = app.get('trust proxy fn') as (addr: string, i: number) => boolean;
    assert.deepEqual([fn('1.1.1.1', 0), fn('1.1.1.1', 1), fn('1.1.1.1', 2)], [true, true, false]);
    app.set('trust proxy', true);
    assert.equal((app.get('trust proxy fn') as (addr: string, i: number) => boolean)('8.8.8.8', 50), true);
  });
});
