import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

describe('legacy timeout([ms])', () => {
  it('passes a 503 ETIMEDOUT error when no response started in time, and sets req.timedout', async () => {
    const app = legacy();
    app.use(legacy.timeout(30));
    app.get('/slow', (req: any, res: any) => setTimeout(() => req.timedout || res.send('late'), 150));
    app.get('/fast', (req: any, res: any) => res.send('fast ' + typeof req.clearTimeout));
    app.use((err: any, req: any, res: any, _next: any) =>
      res.send(err.status, [err.message, err.code, err.timeout, req.timedout].join('|')),
    );
    await withServer(app, async ({ port }) => {
      const slow = await send(port, { path: '/slow' });
      assert.deepEqual([slow.status, slow.text], [503, 'Response timeout|ETIMEDOUT|30|true']);
      assert.equal((await send(port, { path: '/fast' })).text, 'fast function');
    });
  });
});

describe('legacy vhost(hostname, server)', () => {
  it('hands requests for a matching Host (port ignored, * wildcards) to the server, others on', async () => {
    const app = legacy();
    const blog = legacy();
    blog.get('/', (req: any, res: any) => res.send('blog ' + req.vhost.hostname));
    app.use(legacy.vhost('blog.example.com', blog));
    app.use(legacy.vhost('*.users.com', (_req: any, res: any) => res.end('user')));
    app.use((_req: any, res: any) => res.send('main'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { headers: { host: 'blog.example.com:8080' } })).text, 'blog blog.example.com');
      assert.equal((await send(port, { headers: { host: 'tobi.users.com' } })).text, 'user');
      assert.equal((await send(port, { headers: { host: 'other.com' } })).text, 'main');
    });
  });
});

describe('legacy createServer() and mime', () => {
  it('createServer() is a deprecated alias of the framework function; mime is the type table', () => {
    const app = legacy.createServer();
    assert.equal(typeof app.configure, 'function');
    assert.equal(legacy.mime.lookup('a.json'), 'application/json');
  });
});
