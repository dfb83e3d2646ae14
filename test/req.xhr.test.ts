import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readOnce } from './helpers/one-request';

describe('req.xhr', () => {
  it('is true for X-Requested-With: XMLHttpRequest in any case', async () => {
    assert.equal(await readOnce((req) => req.xhr, { headers: { 'x-requested-with': 'XMLHttpRequest' } }), true);
    assert.equal(await readOnce((req) => req.xhr, { headers: { 'x-requested-with': 'xmlhttprequest' } }), true);
  });

  it('is false for other values or without the header', async () => {
    assert.equal(await readOnce((req) => req.xhr, { headers: { 'x-requested-with': 'fetch' } }), false);
    assert.equal(await readOnce((req) => req.xhr), false);
  });
});
