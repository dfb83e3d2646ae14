import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

/** Runs `fn` with NODE_ENV set (the 3.x responder reads the process's environment). */
async function withNodeEnv(env: string, fn: () => Promise<void>): Promise<void> {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = env;
  try {
    await fn();
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('legacy final handler', () => {
  it('answers an unmatched request with 404 "Cannot METHOD url", the query included and escaped', async () => {
    const app = legacy();
    app.get('/a', (_req: any, res: any) => res.send('a'));
    await withServer(app, async ({ port }) => {
      const r = await send(port, { path: '/nope?b=<x>' });
      assert.equal(r.status, 404);
      assert.equal(r.text, 'Cannot GET /nope?b=&lt;x&gt;\n');
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.equal(r.headers['content-security-policy'], undefined);
      const post = await send(port, { method: 'POST', path: '/nope' });
      assert.equal(post.text, 'Cannot POST /nope\n');
      const head = await send(port, { method: 'HEAD', path: '/nope' });
      assert.equal(head.text, '');
      assert.equal(head.headers['content-length'], '18');
    });
  });

  it('shows the escaped stack with <br> line breaks outside production', async () => {
    const app = legacy();
    app.get('/e', () => {
      throw new Error('boom <b>');
    });
    await withServer(app, async ({ port }) => {
      const r = await send(port, { path: '/e' });
      assert.equal(r.status, 500);
      assert.match(r.text, /^Error: boom &lt;b&gt;<br> &nbsp; &nbsp;at /);
      assert.ok(r.text.endsWith('\n'));
    });
  });

  it('takes the status from err.status, err.statusCode, or an error status already on the response', async () => {
    const app = legacy();
    app.get('/status', (_req: any, _res: any, next: any) => next(Object.assign(new Error('x'), { status: 403 })));
    app.get('/code', (_req: any, _res: any, next: any) => next(Object.assign(new Error('x'), { statusCode: 418 })));
    app.get('/res', (_req: any, res: any, next: any) => ((res.statusCode = 503), next(new Error('x'))));
    app.get('/string', (_req: any, _res: any, next: any) => next('a string'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/status' })).status, 403);
      assert.equal((await send(port, { path: '/code' })).status, 418);
      assert.equal((await send(port, { path: '/res' })).status, 503);
      const r = await send(port, { path: '/string' });
      assert.equal(r.status, 500);
      assert.equal(r.text, 'a string\n');
    });
  });

  it('sends only the status text in production', async () => {
    const app = legacy();
    app.get('/e', () => {
      throw new Error('secret');
    });
    app.get('/bad', (_req: any, _res: any, next: any) => next(Object.assign(new Error('secret'), { status: 400 })));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args[0]);
    try {
      await withNodeEnv('production', () =>
        withServer(app, async ({ port }) => {
          assert.equal((await send(port, { path: '/e' })).text, 'Internal Server Error\n');
          assert.equal((await send(port, { path: '/bad' })).text, 'Bad Request\n');
        }),
      );
    } finally {
      console.error = original;
    }
    assert.equal(errors.length, 2);
  });

  it('leaves a mounted 3.x app\'s unmatched requests to its parent', async () => {
    const app = legacy();
    const blog = legacy();
    blog.get('/post', (_req: any, res: any) => res.send('post'));
    app.use('/blog', blog);
    app.use((_req: any, res: any) => res.send('parent'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/blog/post' })).text, 'post');
      assert.equal((await send(port, { path: '/blog/other' })).text, 'parent');
    });
  });
});
