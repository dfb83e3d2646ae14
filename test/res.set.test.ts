import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce } from './helpers/one-request';

const ended = (act: (res: any) => unknown) => requestOnce((_req, r) => { act(r); r.end(); });

describe('res.set(field, value) and res.header(field, value)', () => {
  it('stringifies values and arrays', async () => {
    const res = await requestOnce((_req, r) => { r.set('X-Num', 5); r.header('X-List', ['a', 2]); r.set('X-Undef', undefined); r.end(); });
    assert.equal(res.headers['x-num'], '5');
    assert.equal(res.headers['x-list'], 'a, 2');
    assert.equal(res.headers['x-undef'], 'undefined');
    assert.deepEqual(res.rawHeaders.filter((_h, i, all) => i % 2 === 1 && all[i - 1] === 'X-List'), ['a', '2']);
  });

  it('sets every field of an object', async () => {
    const res = await ended((r) => r.set({ 'X-A': 'a', 'X-B': 1 }));
    assert.deepEqual([res.headers['x-a'], res.headers['x-b']], ['a', '1']);
  });

  it('is chainable', async () => {
    const res = await ended((r) => r.set('X-A', 'a').header('X-B', 'b').set({ 'X-C': 'c' }));
    assert.deepEqual([res.headers['x-a'], res.headers['x-b'], res.headers['x-c']], ['a', 'b', 'c']);
  });

  describe('Content-Type', () => {
    it('adds the charset mime knows for text, JSON and JavaScript', async () => {
      for (const [given, sent] of [
        ['text/plain', 'text/plain; charset=utf-8'],
        ['application/json', 'application/json; charset=utf-8'],
        ['application/javascript', 'application/javascript; charset=utf-8'],
        ['text/plain; format=flowed', 'text/plain; format=flowed; charset=utf-8'],
        ['image/png', 'image/png'],
        ['text/plain; charset=latin1', 'text/plain; charset=latin1'],
        ['html', 'html'],
      ]) {
        assert.equal((await ended((r) => r.set('Content-Type', given))).headers['content-type'], sent, given);
      }
    });

    it('applies in the object form and in any case', async () => {
      assert.equal((await ended((r) => r.set({ 'content-type': 'text/css' }))).headers['content-type'], 'text/css; charset=utf-8');
    });

    it('throws a TypeError for an array', async () => {
      const res = await ended((r) => r.set('Content-Type', ['text/plain']));
      assert.equal(res.status, 500);
      assert.equal(JSON.parse(res.text).message, 'Content-Type cannot be set to an Array');
    });
  });
});

describe('res.get(field)', () => {
  it('reads a response header case-insensitively', async () => {
    const res = await requestOnce((_req, r) => { r.set('X-A', 'a'); r.set('X-L', ['1', '2']); r.json([r.get('x-a'), r.get('X-L'), r.get('X-Missing') ?? null]); });
    assert.deepEqual(JSON.parse(res.text), ['a', ['1', '2'], null]);
  });
});

describe('res.append(field, value)', () => {
  it('creates the header, then adds values and arrays', async () => {
    const res = await ended((r) => { r.append('X-A', '1'); r.append('X-A', ['2', '3']); r.append('X-B', ['x']); });
    assert.equal(res.headers['x-a'], '1, 2, 3');
    assert.equal(res.headers['x-b'], 'x');
  });

  it('extends an array header', async () => {
    assert.equal((await ended((r) => { r.set('X-A', ['1', '2']); r.append('X-A', '3'); })).headers['x-a'], '1, 2, 3');
  });

  it('keeps every Set-Cookie', async () => {
    const res = await ended((r) => { r.append('Set-Cookie', 'a=1'); r.append('Set-Cookie', ['b=2', 'c=3']); });
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2', 'c=3']);
  });

  it('is reset by a later res.set', async () => {
    assert.equal((await ended((r) => { r.append('X-A', '1'); r.append('X-A', '2'); r.set('X-A', '3'); })).headers['x-a'], '3');
  });
});
