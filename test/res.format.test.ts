import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce } from './helpers/one-request';

const handlers = (r: any) => ({
  'text/plain': () => r.send('text'),
  html: () => r.send('<p>html</p>'),
  'application/json': () => r.json({ json: true }),
});
const format = (accept?: string) => requestOnce((_req, r) => r.format(handlers(r)), { headers: accept === undefined ? {} : { accept } });

describe('res.format(handlers)', () => {
  it('runs the best match and sets its Content-Type and Vary: Accept', async () => {
    const res = await format('application/json');
    assert.deepEqual([res.text, res.headers['content-type'], res.headers.vary], ['{"json":true}', 'application/json; charset=utf-8', 'Accept']);
  });

  it('understands extension keys', async () => {
    const res = await format('text/html');
    assert.deepEqual([res.text, res.headers['content-type']], ['<p>html</p>', 'text/html; charset=utf-8']);
  });

  it('runs the first handler without Accept or for */*', async () => {
    assert.equal((await format()).text, 'text');
    assert.equal((await format('*/*')).text, 'text');
  });

  it('ranks by quality', async () => {
    assert.equal((await format('text/plain;q=0.2, text/html;q=0.9')).text, '<p>html</p>');
  });

  it('passes a 406 HttpError listing the types to next when nothing matches', async () => {
    const res = await format('image/png');
    assert.equal(res.status, 406);
    assert.deepEqual(JSON.parse(res.text), { error: 'NotAcceptableError', message: 'Not Acceptable', status: 406, types: ['text/plain', 'text/html', 'application/json'] });
    assert.equal(res.headers.vary, 'Accept');
  });

  it('runs default when nothing matches', async () => {
    const res = await requestOnce((_req, r) => r.format({ text: () => r.send('t'), default: () => r.status(299).send('d') }), { headers: { accept: 'image/png' } });
    assert.deepEqual([res.status, res.text], [299, 'd']);
  });

  it('drops parameters of a key when setting Content-Type', async () => {
    const res = await requestOnce((_req, r) => r.format({ 'text/plain; charset=iso-8859-1': () => r.end('x') }), { headers: { accept: 'text/plain' } });
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('calls the handler with req, res and next', async () => {
    const res = await requestOnce((req, r, next) => r.format({ json: (a: any, b: any, c: any) => b.json([a === req, b === r, c === next]) }), { headers: { accept: 'application/json' } });
    assert.deepEqual(JSON.parse(res.text), [true, true, true]);
  });

  it('keeps an earlier Vary and returns the response', async () => {
    const res = await requestOnce((_req, r) => { r.vary('Origin'); const same = r.format({ text: () => undefined }) === r; r.end(String(same)); });
    assert.deepEqual([res.headers.vary, res.text], ['Origin, Accept', 'true']);
  });
});
