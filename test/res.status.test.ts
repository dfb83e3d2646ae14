import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations, appWith, type TestHandler } from './helpers/one-request';
import { withServer } from './helpers/server';
import { sendRaw } from './helpers/raw-http';

/** The raw answer (the failed head leaves a Content-Length behind, which node's client would refuse). */
function rawAnswer(handler: TestHandler): Promise<string> {
  return withServer(appWith(handler), async (srv) => (await sendRaw(srv.port, 'GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n')).raw);
}

const warnings = collectDeprecations();

describe('res.status(code)', () => {
  it('sets the status and chains', async () => {
    const res = await requestOnce((_req, r) => r.status(418).send(String(r.status(418) === r)));
    assert.equal(res.status, 418);
    assert.equal(res.text, 'true');
  });

  it('accepts a string code with a deprecation warning', async () => {
    const res = await requestOnce((_req, r) => r.status('201').end());
    assert.equal(res.status, 201);
    assert.ok(warnings.includes('res.status("201"): use res.status(201) instead'));
  });

  it('warns for a fractional code', async () => {
    await requestOnce((_req, r) => { r.status(202.5); r.statusCode = 202; r.end(); });
    assert.ok(warnings.includes('res.status(202.5): use res.status(202) instead'));
  });

  it('lets node refuse an invalid code: the error reaches next', async () => {
    const raw = await rawAnswer((_req, r) => r.status(99).send('x'));
    assert.match(raw, /^HTTP\/1\.1 500 /);
    assert.match(raw, /"code":"ERR_HTTP_INVALID_STATUS_CODE"/);
  });
});

describe('res.sendStatus(code)', () => {
  it('sends the reason phrase as text/plain', async () => {
    const res = await requestOnce((_req, r) => r.sendStatus(418));
    assert.deepEqual([res.status, res.headers['content-type'], res.text], [418, 'text/plain; charset=utf-8', "I'm a Teapot"]);
  });

  it('sends the number for an unknown code', async () => {
    const res = await requestOnce((_req, r) => r.sendStatus(299));
    assert.deepEqual([res.status, res.text], [299, '299']);
  });

  it('sends no body for 204', async () => {
    const res = await requestOnce((_req, r) => r.sendStatus(204));
    assert.deepEqual([res.status, res.text, res.headers['content-type']], [204, '', undefined]);
  });

  it('passes a code outside 100-999 to next as an error', async () => {
    const raw = await rawAnswer((_req, r) => r.sendStatus(1000));
    assert.match(raw, /"message":"Invalid status code: 1000"/);
  });
});
