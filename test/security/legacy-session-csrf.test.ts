import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import { signCookieValue } from '../../src/cookies/index';
import { cookieSession, csrf, type CookieSessionRequest, type CsrfRequest } from '../../src/legacy/middleware/index';
import { withServer, send, type SimpleResponse } from '../helpers/server';

const SECRET = 'session secret';

/**
 * /login stores the user in the session; /me needs one (401 otherwise); POST /transfer is
 * CSRF-protected; GET /form hands out a token. Errors answer with their status.
 */
function bankApp() {
  const app = portico();
  app.use(cookieSession({ secret: SECRET }));
  app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    (req as CsrfRequest).query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    next();
  });
  app.use(csrf());
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const r = req as CookieSessionRequest & CsrfRequest;
    const session = r.session as Record<string, unknown>;
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/login') {
      session.user = 'alice';
      return res.end('welcome');
    }
    if (path === '/form') return res.end(r.csrfToken?.());
    if (!session.user) {
      res.statusCode = 401;
      return res.end('who are you?');
    }
    res.end(`ok ${String(session.user)}`);
  });
  app.use((err: { status?: number; code?: string }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end(err.code ?? 'error');
  });
  return app;
}

const cookieOf = (res: SimpleResponse) => (res.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');
const sessionCookie = (payload: string, secret = SECRET) => 'connect.sess=' + encodeURIComponent('s:' + signCookieValue(payload, secret));

/** The session data a response writes, read back from its Set-Cookie line. */
function storedSession(res: SimpleResponse): Record<string, unknown> | undefined {
  const line = (res.headers['set-cookie'] ?? []).find((l) => l.startsWith('connect.sess='));
  if (!line) return undefined;
  const value = decodeURIComponent(line.slice('connect.sess='.length).split(';')[0]);
  return JSON.parse(value.slice('s:j:'.length, value.lastIndexOf('.'))) as Record<string, unknown>;
}

async function loggedIn(port: number): Promise<string> {
  return cookieOf(await send(port, { path: '/login' }));
}

describe('cookieSession() with hostile session cookies', () => {
  it('trusts a session it signed itself', async () => {
    await withServer(bankApp(), async ({ port }) => {
      const cookie = await loggedIn(port);
      const res = await send(port, { path: '/me', headers: { cookie } });
      assert.equal(res.text, 'ok alice');
    });
  });

  const forged: Array<[string, string]> = [
    ['signed with another secret', sessionCookie('j:{"user":"admin"}', 'guessed')],
    ['not signed at all', 'connect.sess=' + encodeURIComponent('j:{"user":"admin"}')],
    ['signed but not prefixed with s:', 'connect.sess=' + encodeURIComponent(signCookieValue('j:{"user":"admin"}', SECRET))],
    ['with a truncated signature', sessionCookie('j:{"user":"admin"}').slice(0, -6)],
    ['with garbage appended', sessionCookie('j:{"user":"admin"}') + 'AAAA'],
    ['signed but not JSON', sessionCookie('user=admin')],
    ['signed JSON that is not an object', sessionCookie('j:["admin"]')],
    ['signed but invalid JSON', sessionCookie('j:{"user":')],
    ['with invalid percent-encoding', 'connect.sess=%E0%A4%A'],
  ];
  for (const [label, cookie] of forged) {
    it(`starts an empty session (401) for a cookie ${label}`, async () => {
      const res = await withServer(bankApp(), ({ port }) => send(port, { path: '/me', headers: { cookie } }));
      assert.equal(res.status, 401);
      // The replacement session (csrf() put its secret in it) carries nothing of the forged payload.
      const stored = storedSession(res);
      assert.ok(stored === undefined || !('user' in stored), JSON.stringify(stored));
    });
  }

  it('does not let a forged payload shadow the genuine cookie', async () => {
    await withServer(bankApp(), async ({ port }) => {
      const cookie = await loggedIn(port);
      const res = await send(port, { path: '/me', headers: { cookie: cookie + '; ' + sessionCookie('j:{"user":"admin"}', 'x') } });
      assert.equal(res.text, 'ok alice');
    });
  });

  it('answers 431 for an oversized session cookie', async () => {
    const res = await withServer(bankApp(), ({ port }) => send(port, { path: '/me', headers: { cookie: 'connect.sess=' + 'A'.repeat(20 * 1024) } }));
    assert.equal(res.status, 431);
  });
});

describe('csrf() with hostile tokens', () => {
  async function post(port: number, cookie: string, token?: unknown) {
    const query = token === undefined ? '' : typeof token === 'string' ? '?_csrf=' + encodeURIComponent(token) : '?' + String((token as { raw: string }).raw);
    return send(port, { method: 'POST', path: '/transfer' + query, headers: { cookie } });
  }

  it('accepts the token of the same session', async () => {
    await withServer(bankApp(), async ({ port }) => {
      const cookie = await loggedIn(port);
      const form = await send(port, { path: '/form', headers: { cookie } });
      const res = await post(port, cookieOf(form) || cookie, form.text);
      assert.equal(res.status, 200);
      assert.equal(res.text, 'ok alice');
    });
  });

  it('responds 403 for a token from another session', async () => {
    await withServer(bankApp(), async ({ port }) => {
      const mallory = await send(port, { path: '/form' });
      const aliceCookie = await loggedIn(port);
      const aliceForm = await send(port, { path: '/form', headers: { cookie: aliceCookie } });
      const res = await post(port, cookieOf(aliceForm) || aliceCookie, mallory.text);
      assert.equal(res.status, 403);
      assert.equal(res.text, 'EBADCSRFTOKEN');
    });
  });

  it('responds 403 for tampered, truncated, empty and odd-shaped tokens', async () => {
    await withServer(bankApp(), async ({ port }) => {
      const aliceCookie = await loggedIn(port);
      const form = await send(port, { path: '/form', headers: { cookie: aliceCookie } });
      const cookie = cookieOf(form) || aliceCookie;
      const token = form.text;
      const [salt, hash] = [token.slice(0, token.indexOf('-')), token.slice(token.indexOf('-') + 1)];
      const bad = [
        salt + '-' + hash.slice(0, -1) + (hash.endsWith('A') ? 'B' : 'A'),
        token.slice(0, -3),
        token + 'x',
        'x' + token,
        '-' + hash,
        salt + '-',
        '',
        'no-dash-here',
        'A'.repeat(5000),
      ];
      for (const t of bad) assert.equal((await post(port, cookie, t)).status, 403, JSON.stringify(t.slice(0, 40)));
      assert.equal((await post(port, cookie, { raw: '_csrf[]=' + encodeURIComponent(token) })).status, 403);
      assert.equal((await post(port, cookie, { raw: '_csrf[a]=' + encodeURIComponent(token) })).status, 403);
    });
  });

  it('responds 403 when the session secret was removed with the session', async () => {
    await withServer(bankApp(), async ({ port }) => {
      const form = await send(port, { path: '/form' });
      const res = await post(port, '', form.text);
      assert.equal(res.status, 403);
    });
  });
});
