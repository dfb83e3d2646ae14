import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();

describe('res.vary(field)', () => {
  it('adds fields once, case-insensitively, from strings, lists and arrays', async () => {
    const res = await requestOnce((_req, r) => r.vary('Accept').vary('accept').vary('Origin, User-Agent').vary(['X-A', 'X-B']).end());
    assert.equal(res.headers.vary, 'Accept, Origin, User-Agent, X-A, X-B');
  });

  it('collapses to * and stays there', async () => {
    assert.equal((await requestOnce((_req, r) => r.vary('Accept').vary('*').vary('X').end())).headers.vary, '*');
  });

  it('does nothing without a field, with a deprecation warning', async () => {
    const res = await requestOnce((_req, r) => r.vary().vary([]).end());
    assert.equal(res.headers.vary, undefined);
    assert.ok(warnings.includes('res.vary(): Provide a field name'));
  });

  it('throws a TypeError for an invalid field name', async () => {
    const res = await requestOnce((_req, r) => r.vary('a b').end());
    assert.equal(JSON.parse(res.text).message, 'field argument contains an invalid header name');
  });
});
