import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();
const locationOf = async (url: unknown, headers: Record<string, string> = {}) =>
  (await requestOnce((_req, r) => r.location(url).end(), { headers })).headers.location;

describe('res.location(url)', () => {
  it('sets Location, encoding characters outside the URL grammar', async () => {
    assert.equal(await locationOf('/a b?c=d é'), '/a%20b?c=d%20%C3%A9');
    assert.equal(await locationOf('/100%'), '/100%25');
  });

  it('keeps valid escapes and the URL structure as given', async () => {
    assert.equal(await locationOf('http://example.com/%7Euser?q=%20'), 'http://example.com/%7Euser?q=%20');
    assert.equal(await locationOf('//cdn.example.com/x'), '//cdn.example.com/x');
  });

  it('accepts URL objects and stringifies other values', async () => {
    assert.equal(await locationOf(new URL('http://a.com/x y')), 'http://a.com/x%20y');
    assert.equal(await locationOf(5), '5');
  });

  it('back is the Referer, else / (deprecated)', async () => {
    assert.equal(await locationOf('back', { referer: '/from' }), '/from');
    assert.equal(await locationOf('back', { referrer: '/other' }), '/other');
    assert.equal(await locationOf('back'), '/');
    assert.ok(warnings.some((w) => w.startsWith('res.location("back"): use res.location(req.get("Referrer") || "/")')));
  });

  it('returns the response', async () => {
    const res = await requestOnce((_req, r) => r.end(String(r.location('/x') === r)));
    assert.equal(res.text, 'true');
  });
});
