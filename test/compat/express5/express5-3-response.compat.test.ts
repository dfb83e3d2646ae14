import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import express5 from 'express5';
import portico from '../../../src/index';
import portico5 from '../../../src/express5/index';
import { join } from 'node:path';
import { startServer } from '../../helpers/server';
import { sendRaw, type RawResponse } from '../../helpers/raw-http';
import { fetchMode } from '../../helpers/transport';

/*
 * Responses of portico/5 against express@5.3 where they once differed: a Content-Type set to a
 * value that is not a string, an empty body of an octet-stream, `res.send` with a
 * Transfer-Encoding set (Express 5.3 leaves Content-Length out; Express 4 sends both, and so does
 * `portico`), and `app.render` with null or undefined options. Compared as raw bytes.
 */
type Framework = typeof express5;
type Res = { set(...args: unknown[]): Res; get(name: string): unknown; send(body?: unknown): Res; json(body: unknown): Res; type(t: string): Res; status(n: number): Res };
type Handler = (req: unknown, res: Res) => void;

async function exchange(frameworks: [Framework, Framework], handler: Handler | ((framework: Framework) => ReturnType<Framework>)): Promise<[RawResponse, RawResponse]> {
  const build = (framework: Framework): ReturnType<Framework> => {
    if (handler.length === 1) return (handler as (framework: Framework) => ReturnType<Framework>)(framework);
    const app = framework();
    app.get('/', handler as never);
    return app;
  };
  const ours = await startServer(build(frameworks[0]));
  const theirs = await startServer(build(frameworks[1]));
  try {
    const request = 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    return [await sendRaw(ours.port, request), await sendRaw(theirs.port, request)];
  } finally {
    await ours.close();
    await theirs.close();
  }
}

const stable = (r: RawResponse): unknown => ({
  status: r.status,
  headers: r.headerLines.filter(([n]) => !['date', 'x-powered-by', 'etag'].includes(n.toLowerCase())),
  body: r.body,
});

const FIVE: [Framework, Framework] = [portico5 as unknown as Framework, express5];
const FOUR: [Framework, Framework] = [portico as unknown as Framework, express as unknown as Framework];

async function assertSame(frameworks: [Framework, Framework], handler: Handler | ((framework: Framework) => ReturnType<Framework>)): Promise<RawResponse> {
  const [p, e] = await exchange(frameworks, handler);
  assert.deepEqual(stable(p), stable(e));
  return e;
}

describe('portico/5 responses against express@5.3 (5.3 differences)', () => {
  describe("res.set('Content-Type', value that is not a string)", () => {
    const values: Array<[string, unknown]> = [['1', 1], ['0', 0], ['true', true], ['{}', {}], ['null', null], ['an object naming html', { toString: () => 'html' }]];
    for (const [name, value] of values) {
      for (const form of ['(field, value)', '({ field: value })']) {
        it(`stores what Express 5.3 stores for ${name}, ${form}, and sends HTML`, async () => {
          const e = await assertSame(FIVE, (_req, res) => {
            if (form === '(field, value)') res.set('Content-Type', value);
            else res.set({ 'Content-Type': value });
            const stored = res.get('Content-Type');
            res.set('X-Stored', JSON.stringify([typeof stored, stored ?? null]));
            res.send('<p>');
          });
          assert.equal(e.status, 200);
        });
      }
    }
    it('still refuses an array', async () => {
      await assertSame(FIVE, (_req, res) => {
        try {
          res.set('Content-Type', ['text/html']);
        } catch (err) {
          res.status(500).send((err as Error).message);
        }
      });
    });
  });

  describe('res.send(null)', () => {
    for (const type of ['bin', 'txt', 'html', 'json', '']) {
      it(`keeps the type ${type || 'unset'} as Express 5.3 does, without adding a charset`, async () => {
        const e = await assertSame(FIVE, (_req, res) => {
          if (type) res.type(type);
          res.send(null);
        });
        if (type === 'bin') assert.deepEqual(e.headers['content-type'], ['application/octet-stream']);
      });
    }
  });

  describe('res.send with a Transfer-Encoding set', () => {
    for (const coding of ['chunked', 'gzip', 'compress', 'deflate']) {
      for (const body of ['text', 'buffer', 'json']) {
        const handler: Handler = (_req, res) => {
          res.set('Transfer-Encoding', coding);
          if (body === 'text') res.send('hello');
          else if (body === 'buffer') res.send(Buffer.from('hello'));
          else res.json({ a: 1 });
        };
        it(`leaves out Content-Length as Express 5.3 does (${coding}, ${body})`, async () => {
          const e = await assertSame(FIVE, handler);
          assert.equal(e.headers['content-length'], undefined);
        });
        it(`sends it as Express 4 does on portico (${coding}, ${body})`, async () => {
          const e = await assertSame(FOUR, handler);
          // Under app.fetch a Content-Length that is the body's length is framing, left out of both
          // answers before they are compared (docs/fetch.md): only node:http shows it here.
          if (!fetchMode) assert.notEqual(e.headers['content-length'], undefined);
        });
      }
    }
  });

  describe('app.render(name, null | undefined, fn)', () => {
    for (const options of [null, undefined]) {
      it(`renders with ${String(options)} options as Express 5.3 does`, async () => {
        const e = await assertSame(FIVE, (framework: Framework) => {
          const app = framework();
          app.engine('tpl', (_path: string, opts: Record<string, unknown>, done: (err: Error | null, html?: string) => void) => done(null, 'title=' + String(opts.title)));
          app.set('view engine', 'tpl');
          app.set('views', join(__dirname, '..', '..', 'fixtures', 'views', 'main'));
          app.locals.title = 'from locals';
          app.get('/', (_req: unknown, res: Res) => {
            try {
              app.render('hello', options as never, (err: Error | null, html?: string) => {
                if (err) res.status(500).send(err.message);
                else res.send(html);
              });
            } catch (err) {
              res.status(500).send('threw ' + (err as Error).message);
            }
          });
          return app;
        });
        assert.equal(e.body, 'title=from locals');
      });
    }
  });
});
