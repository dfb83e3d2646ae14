// `router.handle(req, res, done)` called by hand with a request whose `method` is missing, compared
// with express@4: no method route matches it, `all()` routes and middleware still do.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../src/index';
import { startServer, send } from './helpers/server';

type AnyFn = (...args: any[]) => any;

async function run(fw: any): Promise<{ body: string; seen: string[] }> {
  const router = fw.Router();
  const seen: string[] = [];
  router.use((req: any, _res: unknown, next: AnyFn) => {
    seen.push('use ' + req.url);
    next();
  });
  router.get('/foo', (_req: unknown, res: any) => {
    seen.push('get');
    res.end('get');
  });
  router.use('/foo', (_req: unknown, _res: unknown, next: AnyFn) => {
    seen.push('use /foo');
    next();
  });
  router.all('/foo', (_req: unknown, res: any) => {
    seen.push('all');
    res.end('all');
  });
  const srv = await startServer((req, res) => {
    (req as { method?: string }).method = undefined;
    router.handle(req, res, (err?: Error) => {
      seen.push('done ' + (err ? err.message : ''));
      res.end('done');
    });
  });
  try {
    const r = await send(srv.port, { path: '/foo' });
    return { body: r.status + ' ' + r.text, seen };
  } finally {
    await srv.close();
  }
}

describe('router.handle(req, res, done) with a request without a method', () => {
  it('skips method routes and runs middleware and all() routes, as Express does', async () => {
    const p = await run(portico);
    const e = await run(express);
    assert.deepEqual(p, e);
    assert.deepEqual(p, { body: '200 all', seen: ['use /foo', 'use /foo', 'all'] });
  });

  it('ends in done when only method routes match', async () => {
    const results = [];
    for (const fw of [portico, express] as any[]) {
      const router = fw.Router();
      router.get('/only', (_req: unknown, res: any) => res.end('get'));
      const srv = await startServer((req, res) => {
        (req as { method?: string }).method = undefined;
        router.handle(req, res, (err?: Error) => res.end('done ' + (err ? err.message : 'no error')));
      });
      try {
        results.push((await send(srv.port, { path: '/only' })).text);
      } finally {
        await srv.close();
      }
    }
    assert.deepEqual(results, ['done no error', 'done no error']);
  });
});
