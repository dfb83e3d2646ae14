import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import { basicAuth, type BasicAuthRequest } from '../../src/legacy/middleware/index';
import { withServer, send } from '../helpers/server';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

function protectedApp(auth: Middleware) {
  const app = portico();
  app.use(auth);
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const r = req as BasicAuthRequest;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ user: r.user, remoteUser: r.remoteUser }));
  });
  return app;
}

const basic = (credentials: string) => 'Basic ' + Buffer.from(credentials).toString('base64');

async function request(auth: Middleware, authorization?: string) {
  return withServer(protectedApp(auth), ({ port }) => send(port, { headers: authorization === undefined ? {} : { authorization } }));
}

describe('basicAuth(user, pass)', () => {
  const auth = basicAuth('tj', 'tobi');

  it('responds 401 with a Basic challenge when there is no Authorization header', async () => {
    const res = await request(auth);
    assert.equal(res.status, 401);
    assert.equal(res.headers['www-authenticate'], 'Basic realm="Authorization Required"');
    assert.equal(res.text, 'Unauthorized');
  });

  it('accepts the right pair and sets req.user and req.remoteUser', async () => {
    const res = await request(auth, basic('tj:tobi'));
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), { user: 'tj', remoteUser: 'tj' });
  });

  it('responds 401 for a wrong password or user', async () => {
    assert.equal((await request(auth, basic('tj:wrong'))).status, 401);
    assert.equal((await request(auth, basic('other:tobi'))).status, 401);
    assert.equal((await request(auth, basic('tj:tobi2'))).status, 401);
  });

  it('accepts a password containing colons', async () => {
    const res = await request(basicAuth('u', 'a:b:c'), basic('u:a:b:c'));
    assert.equal(res.status, 200);
  });

  it('matches the scheme exactly, as 3.x did: another spelling is a 400', async () => {
    const res = await request(auth, 'basic ' + Buffer.from('tj:tobi').toString('base64'));
    assert.equal(res.status, 400);
  });

  it('answers 401 with the challenge and no Content-Type', async () => {
    const res = await request(auth, basic('tj:nope'));
    assert.equal(res.status, 401);
    assert.equal(res.text, 'Unauthorized');
    assert.equal(res.headers['content-type'], undefined);
  });

  it('uses a custom realm, escaped', async () => {
    const res = await request(basicAuth('a', 'b', 'My "Admin"'));
    assert.equal(res.headers['www-authenticate'], 'Basic realm="My \\"Admin\\""');
  });

  it('throws without a password', () => {
    assert.throws(() => (basicAuth as unknown as (u: string) => unknown)('only-user'), TypeError);
  });
});

describe('basicAuth(fn(user, pass))', () => {
  it('accepts when the function returns true', async () => {
    const auth = basicAuth((user, pass) => user === 'a' && pass === 'b');
    assert.equal((await request(auth, basic('a:b'))).status, 200);
    assert.equal((await request(auth, basic('a:c'))).status, 401);
  });

  it('uses the realm given after the function', async () => {
    const res = await request(basicAuth(() => false, 'Staff'), basic('a:b'));
    assert.equal(res.headers['www-authenticate'], 'Basic realm="Staff"');
  });
});

describe('basicAuth(fn(user, pass, callback))', () => {
  it('sets req.user to the user object the callback gives', async () => {
    const auth = basicAuth((user, pass, done) => {
      setImmediate(() => done(null, user === 'a' && pass === 'b' ? { id: 7, name: user } : undefined));
    });
    const ok = await request(auth, basic('a:b'));
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.text), { user: { id: 7, name: 'a' }, remoteUser: { id: 7, name: 'a' } });
    assert.equal((await request(auth, basic('a:x'))).status, 401);
  });

  it('refuses the credentials (401) when the callback passes an error', async () => {
    const auth = basicAuth((_u, _p, done) => done(Object.assign(new Error('db down'), { status: 503 })));
    const res = await request(auth, basic('a:b'));
    assert.equal(res.status, 401);
  });

  it('ignores a second call of the callback', async () => {
    const auth = basicAuth((_u, _p, done) => {
      done(null, { id: 1 });
      done(new Error('late'));
    });
    assert.equal((await request(auth, basic('a:b'))).status, 200);
  });
});

describe('basicAuth() with req.user already set', () => {
  it('lets the request through', async () => {
    const app = portico();
    app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
      (req as BasicAuthRequest).user = 'earlier';
      next();
    });
    app.use(basicAuth('a', 'b'));
    app.use((_req: IncomingMessage, res: ServerResponse) => res.end('in'));
    const res = await withServer(app, ({ port }) => send(port));
    assert.equal(res.status, 200);
    assert.equal(res.text, 'in');
  });
});

describe('basicAuth() with a malformed Authorization header', () => {
  const auth = basicAuth('a', 'b');
  for (const [label, header] of [
    ['no space', 'Basic'],
    ['another scheme', 'Bearer abc.def'],
    ['invalid base64', 'Basic !!!!'],
    ['no colon in the credentials', basic('justuser')],
    ['an empty token', 'Basic '],
  ] as const) {
    it(`responds 400 for ${label}`, async () => {
      const res = await request(auth, header);
      assert.equal(res.status, 400);
    });
  }
});
