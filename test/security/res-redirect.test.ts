import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { appWith } from '../helpers/one-request';
import { withServer, send } from '../helpers/server';

/*
 * res.redirect and res.location against the 2024 advisories: the URL must not inject markup into the
 * HTML body (XSS), and a malformed URL must not be re-serialised into a different target (open redirect).
 */

const redirectApp = () =>
  appWith((req, res) => {
    const target = req.get('X-Target');
    if (req.query.mode === 'location') res.location(target).end();
    else res.redirect(target);
  });

// What a request header can carry (visible ASCII, space, tab, Latin-1), weighted towards URL syntax.
const headerChar = fc.oneof(
  fc.constantFrom('<', '>', '"', "'", '&', '\\', '/', '@', ':', '%', ' ', '\t', '#', '?'),
  fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)),
);
const headerSafe = fc.string({ unit: headerChar }).map((s) => s.trim());

describe('res.redirect with hostile URLs', () => {
  it('never lets the URL add markup to the HTML body', async () => {
    await withServer(redirectApp(), async (srv) => {
      await fc.assert(
        fc.asyncProperty(headerSafe, async (target) => {
          const res = await send(srv.port, { headers: { 'x-target': target, accept: 'text/html' } });
          const inner = res.text.replace(/^<p>Found\. Redirecting to /, '').replace(/<\/p>$/, '');
          assert.doesNotMatch(inner, /[<>"']/);
        }),
        { numRuns: 150 },
      );
    });
  });

  it('escapes a script-tag URL in the HTML body', async () => {
    await withServer(redirectApp(), async (srv) => {
      const res = await send(srv.port, { headers: { 'x-target': '"><script>alert(1)</script>', accept: 'text/html' } });
      assert.equal(res.text, '<p>Found. Redirecting to %22%3E%3Cscript%3Ealert(1)%3C/script%3E</p>');
    });
  });

  it('does not rewrite malformed authorities into another host', async () => {
    await withServer(redirectApp(), async (srv) => {
      for (const target of ['http://evil.com\\@good.com/', 'https:\\\\evil.com/x', 'http://good.com%2F@evil.com', '//evil.com/%2e%2e', 'http://a.com:80\\x.com/']) {
        const res = await send(srv.port, { headers: { 'x-target': target } });
        assert.equal(res.headers.location, target.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'), target);
      }
    });
  });

  it('percent-encodes CR and LF instead of splitting the header', async () => {
    const app = appWith((_req, res) => res.redirect('/a\r\nSet-Cookie: pwned=1'));
    await withServer(app, async (srv) => {
      const res = await send(srv.port);
      assert.equal(res.headers.location, '/a%0D%0ASet-Cookie:%20pwned=1');
      assert.equal(res.headers['set-cookie'], undefined);
    });
  });

  it('res.location keeps any input as one encoded value', async () => {
    await withServer(redirectApp(), async (srv) => {
      await fc.assert(
        fc.asyncProperty(headerSafe, async (target) => {
          const res = await send(srv.port, { path: '/?mode=location', headers: { 'x-target': target } });
          assert.equal(res.status, 200);
          assert.doesNotMatch(String(res.headers.location), /[\s<>"]/);
        }),
        { numRuns: 150 },
      );
    });
  });
});
