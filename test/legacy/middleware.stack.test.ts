import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import legacy from '../../src/legacy/index';
import * as middleware from '../../src/legacy/middleware/index';
import type { CookieSessionRequest, CsrfRequest, MultipartRequest } from '../../src/legacy/middleware/index';
import { withServer, send, type SimpleResponse } from '../helpers/server';

describe('legacy middleware properties', () => {
  it('are the middleware factories of src/legacy/middleware', () => {
    for (const name of ['bodyParser', 'multipart', 'compress', 'cookieParser', 'cookieSession', 'csrf', 'directory', 'basicAuth'] as const) {
      assert.equal(legacy[name], middleware[name], name);
    }
  });
});

describe('a 3.x middleware stack', () => {
  /** The stack a typical 3.x app configured, in the order its docs gave. */
  function app() {
    const a = legacy();
    a.use(legacy.compress({ threshold: 0 }));
    a.use(legacy.bodyParser());
    a.use(legacy.cookieParser('keyboard cat'));
    a.use(legacy.cookieSession());
    a.use(legacy.csrf());
    a.use((req: IncomingMessage, res: ServerResponse) => {
      const r = req as CookieSessionRequest & CsrfRequest & MultipartRequest;
      const session = r.session as Record<string, unknown>;
      if (req.method === 'POST') session.name = (r.body as Record<string, unknown>).name;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ token: r.csrfToken?.(), name: session.name ?? null }));
    });
    return a;
  }

  const cookieOf = (res: SimpleResponse) => (res.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');
  const body = (res: SimpleResponse) => JSON.parse(zlib.gunzipSync(res.body).toString()) as { token: string; name: string | null };

  it('keeps a session, checks CSRF on a form post and compresses the answer', async () => {
    await withServer(app(), async ({ port }) => {
      const headers = { 'accept-encoding': 'gzip' };
      const first = await send(port, { headers });
      assert.equal(first.headers['content-encoding'], 'gzip');
      const cookie = cookieOf(first);
      const { token } = body(first);

      const refused = await send(port, { method: 'POST', headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=tobi' });
      assert.equal(refused.status, 403);

      const accepted = await send(port, {
        method: 'POST',
        headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=tobi&_csrf=' + encodeURIComponent(token),
      });
      assert.equal(accepted.status, 200);
      assert.equal(body(accepted).name, 'tobi');

      const later = await send(port, { headers: { ...headers, cookie: cookieOf(accepted) } });
      assert.equal(body(later).name, 'tobi');
    });
  });
});
