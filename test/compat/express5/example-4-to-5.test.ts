import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startServer, send, type RunningServer, type Listener } from '../../helpers/server';

// examples/express4-to-5 requires 'portico' and 'portico/5' as an application would: it runs on the built package.
const requireFromExample = createRequire(join(__dirname, '..', '..', '..', 'examples', 'express4-to-5', 'app.js'));
const { createApp } = requireFromExample('./app.js') as { createApp: () => Listener };

process.env.NO_DEPRECATION = 'express';
process.removeAllListeners('warning');

describe('examples/express4-to-5: an Express 4 app with one router moved to Express 5', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(createApp());
  });
  after(() => server.close());

  const get = async (path: string) => {
    const res = await send(server.port, { path });
    return { status: res.status, body: res.body.toString() };
  };

  it('serves the Express 4 router with 4.x rules', async () => {
    assert.deepEqual(await get('/api/v1/books/2'), { status: 200, body: '{"id":2,"title":"Emma","tags":["classic"]}' });
    assert.deepEqual(await get('/api/v1/books/9'), { status: 404, body: '{"error":"not found"}' });
    assert.equal((await get('/api/v1/books')).status, 200);
    assert.deepEqual(await get('/api/v1/search?tag[]=sf'), { status: 200, body: '{"tag":["sf"]}' });
  });

  it('serves the Express 5 router with 5.x rules', async () => {
    assert.deepEqual(await get('/api/v2/books/1'), { status: 200, body: '{"id":1,"title":"Dune","tags":["sf"]}' });
    assert.deepEqual(await get('/api/v2/books/9'), { status: 404, body: '{"error":"not found"}' });
    assert.equal((await get('/api/v2/books')).status, 200);
    assert.deepEqual(await get('/api/v2/files/a/b/c.txt'), { status: 200, body: '{"segments":["a","b","c.txt"]}' });
    assert.deepEqual(await get('/api/v2/teapot'), {
      status: 500,
      body: '{"error":"Invalid status code: \\"418\\". Status code must be an integer."}',
    });
  });

  it('keeps each syntax to its own router', async () => {
    // The 4.x regular-expression parameter is not 5.x syntax, and the 5.x braces are literal text to 4.x.
    assert.equal((await get('/api/v1/books/x')).status, 404);
    assert.equal((await get('/api/v2/books/1/extra')).status, 404);
  });
});
