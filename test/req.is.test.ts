import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readOnce } from './helpers/one-request';

const post = (type: string, body = '{}') => ({ method: 'POST', headers: { 'content-type': type }, body });

describe('req.is(types)', () => {
  it('is null when the request has no body', async () => {
    assert.deepEqual(await readOnce((req) => [req.is('json'), req.is()]), [null, null]);
  });

  it('matches extension names, types and wildcards', async () => {
    const value = await readOnce(
      (req) => [req.is('json'), req.is('application/json'), req.is('application/*'), req.is('*/json'), req.is()],
      post('application/json; charset=utf-8'),
    );
    assert.deepEqual(value, ['json', 'application/json', 'application/json', 'application/json', 'application/json']);
  });

  it('accepts several arguments or an array', async () => {
    assert.deepEqual(await readOnce((req) => [req.is('html', 'json'), req.is(['text', 'json'])], post('application/json')), ['json', 'json']);
  });

  it('matches +suffix types', async () => {
    assert.deepEqual(await readOnce((req) => [req.is('+json'), req.is('json')], post('application/vnd.api+json')), ['application/vnd.api+json', false]);
  });

  it('is false when nothing matches or the type is malformed', async () => {
    assert.equal(await readOnce((req) => req.is('html'), post('application/json')), false);
    assert.equal(await readOnce((req) => req.is('json'), post('garbage')), false);
  });
});
