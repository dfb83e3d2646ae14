import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readOnce } from './helpers/one-request';

const withRange = (range: string) => ({ headers: { range } });

describe('req.range(size, [options])', () => {
  it('returns the ranges with their type', async () => {
    const value = await readOnce((req) => { const r = req.range(1000); return [r, r.type]; }, withRange('bytes=0-99,900-'));
    assert.deepEqual(value, [[{ start: 0, end: 99 }, { start: 900, end: 999 }], 'bytes']);
  });

  it('resolves suffix ranges against the size', async () => {
    assert.deepEqual(await readOnce((req) => req.range(100), withRange('bytes=-10')), [{ start: 90, end: 99 }]);
  });

  it('combines overlapping and adjacent ranges with combine', async () => {
    assert.deepEqual(await readOnce((req) => req.range(1000, { combine: true }), withRange('bytes=0-99,50-150,151-200,900-')), [{ start: 0, end: 200 }, { start: 900, end: 999 }]);
  });

  it('keeps overlapping ranges without combine', async () => {
    assert.equal((await readOnce((req) => req.range(1000), withRange('bytes=0-99,50-150')) as unknown[]).length, 2);
  });

  it('is -1 when unsatisfiable and -2 when malformed', async () => {
    assert.equal(await readOnce((req) => req.range(10), withRange('bytes=20-30')), -1);
    assert.equal(await readOnce((req) => req.range(10), withRange('malformed')), -2);
  });

  it('is undefined without a Range header', async () => {
    assert.equal(await readOnce((req) => req.range(10)), undefined);
  });
});
