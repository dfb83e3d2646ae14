import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';
import type { SimpleRequest } from '../helpers/server';

// cookieSession() against connect@2.30 (through express@3): when Set-Cookie is written, and for
// which request paths. Each step sends the cookie the previous step's answer set.

/** `parserSecret`: cookieParser(secret) signs and verifies; otherwise cookieSession has the secret. */
function build(cookie: Record<string, unknown>, parserSecret: boolean) {
  return (fw: LegacyFramework) => {
    const app = fw();
    app.use(parserSecret ? fw.cookieParser('keyboard cat') : fw.cookieParser());
    app.use(fw.cookieSession(parserSecret ? { cookie } : { cookie, secret: 'keyboard cat' }));
    app.use((req: any, res: any) => {
      const path = req.url.split('?')[0];
      if (path.endsWith('/set')) req.session.n = (req.session.n ?? 0) + 1;
      if (path.endsWith('/same')) req.session.n = req.session.n ?? 0;
      if (path.endsWith('/null')) req.session = null;
      if (path.endsWith('/cookie')) req.session.cookie.maxAge = 5000;
      // The cookie's expiry depends on the clock: that answer only says it was changed.
      res.end(path.endsWith('/cookie') ? 'changed' : JSON.stringify(req.session ?? null));
    });
    return app;
  };
}

const cookieOf = (headers: Record<string, unknown>) =>
  ((headers['set-cookie'] as string[] | undefined) ?? []).map((line) => line.split(';')[0]).join('; ');

/** Sends the steps in turn to both frameworks; each step carries the cookie set by express@3 so far. */
async function walk(cookie: Record<string, unknown>, steps: SimpleRequest[], parserSecret = false) {
  let jar = '';
  const lines: unknown[] = [];
  for (const step of steps) {
    const headers = { ...(step.headers ?? {}), ...(jar ? { cookie: jar } : {}) };
    const [pair] = await assertSameAsExpress3(build(cookie, parserSecret), [{ ...step, headers }]);
    lines.push(pair.portico.headers['set-cookie'] ?? null);
    const set = cookieOf(pair.express3.headers);
    if (set) jar = set;
  }
  return lines;
}

describe('legacy cookieSession() and Set-Cookie', () => {
  it('writes the cookie the first time, then only when the session changes', async () => {
    const lines = await walk({}, [{ path: '/' }, { path: '/' }, { path: '/set' }, { path: '/' }, { path: '/same' }, { path: '/set' }]);
    assert.deepEqual(lines.map((l) => l !== null), [true, false, true, false, false, true]);
  });

  it('writes it on every response when cookieParser(secret) took the signed cookie, as 3.x did', async () => {
    const lines = await walk({}, [{ path: '/' }, { path: '/' }, { path: '/set' }, { path: '/' }], true);
    assert.deepEqual(lines.map((l) => l !== null), [true, true, true, true]);
  });

  it('does not write it for a change of the cookie attributes alone', async () => {
    await walk({}, [{ path: '/set' }, { path: '/cookie' }, { path: '/' }]);
  });

  it('writes the cookie for a session that was assigned null, and after', async () => {
    await walk({}, [{ path: '/set' }, { path: '/null' }, { path: '/' }]);
  });

  it('honours cookie.path for plain and fully qualified request URLs', async () => {
    const lines = await walk({ path: '/admin' }, [
      { path: '/public/set' },
      { path: '/admin/set' },
      { path: 'http://example.com/admin/set' },
      { path: 'http://example.com/public/set' },
      { path: '/administrator/set' },
    ]);
    assert.notEqual(lines[2], null);
  });

  it('applies maxAge and other cookie attributes the same way', async () => {
    await walk({ httpOnly: false, secure: false, domain: 'example.com' }, [{ path: '/' }, { path: '/set' }]);
  });
});
