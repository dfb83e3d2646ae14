import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();
const redirect = (args: unknown[], headers: Record<string, string> = {}, method = 'GET') =>
  requestOnce((_req, r) => r.redirect(...args), { method, headers });

describe('res.redirect([status,] url)', () => {
  it('responds 302 with Location and a text body by default', async () => {
    const res = await redirect(['/next']);
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/next');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.headers.vary, 'Accept');
    assert.equal(res.text, 'Found. Redirecting to /next');
    assert.equal(res.headers['content-length'], String(res.body.length));
  });

  it('takes the status first', async () => {
    const res = await redirect([301, '/moved']);
    assert.deepEqual([res.status, res.text], [301, 'Moved Permanently. Redirecting to /moved']);
  });

  it('still takes (url, status), with a deprecation warning', async () => {
    const res = await redirect(['/moved', 307]);
    assert.deepEqual([res.status, res.headers.location], [307, '/moved']);
    assert.ok(warnings.includes('res.redirect(url, status): Use res.redirect(status, url) instead'));
  });

  it('answers HTML clients with an escaped link', async () => {
    const res = await redirect(['/a?b=<c>&d="e"'], { accept: 'text/html' });
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.text, '<p>Found. Redirecting to /a?b=%3Cc%3E&amp;d=%22e%22</p>');
  });

  it('sends an empty body when neither text nor HTML is acceptable', async () => {
    const res = await redirect(['/x'], { accept: 'application/json' });
    assert.deepEqual([res.text, res.headers['content-length'], res.headers['content-type']], ['', '0', undefined]);
  });

  it('sends no body for HEAD but the length of the one it would send', async () => {
    const res = await redirect(['/x'], { accept: 'text/html' }, 'HEAD');
    assert.deepEqual([res.status, res.body.length, res.headers['content-length']], [302, 0, '31']);
  });

  it('redirects back to the Referer', async () => {
    assert.equal((await redirect(['back'], { referer: '/from' })).headers.location, '/from');
    assert.equal((await redirect(['back'])).headers.location, '/');
  });

  it('uses "undefined" as the phrase of an unknown status, as Express 4', async () => {
    assert.equal((await redirect([399, '/x'])).text, 'undefined. Redirecting to /x');
  });

  it('goes through res.location (middleware wrapping it sees the URL)', async () => {
    const res = await requestOnce((_req, r) => {
      const original = r.location;
      r.location = function wrapped(this: any, url: string) {
        return original.call(this, url + '?wrapped');
      };
      r.redirect('/x');
    });
    assert.equal(res.headers.location, '/x?wrapped');
  });
});
