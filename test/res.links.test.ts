import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce } from './helpers/one-request';

describe('res.links(links)', () => {
  it('sets Link entries and appends on later calls', async () => {
    const res = await requestOnce((_req, r) => r.links({ next: '/p/2', last: '/p/9' }).links({ prev: '/p/0' }).end());
    assert.equal(res.headers.link, '</p/2>; rel="next", </p/9>; rel="last", </p/0>; rel="prev"');
  });

  it('stringifies a non-string URL as Express 4 does', async () => {
    const res = await requestOnce((_req, r) => r.links({ alternate: ['/a', '/b'] }).end());
    assert.equal(res.headers.link, '</a,/b>; rel="alternate"');
  });
});
