import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import express from 'express';
import portico from '../src/index';
import { startServer, send, type RunningServer } from './helpers/server';

/*
 * The Content-Type `res.send` writes for a string body after `res.type(t)`: Express 4 parses the type
 * and formats it again with `charset=utf-8`, and answers 500 when the type does not parse. Portico
 * writes a bare `type/subtype` itself and parses only the rest, so generated types (bare ones, in
 * mixed case, with parameters, spaces, quotes and broken ones) are sent to both and compared.
 */

const tokenChars = fc.constantFrom('t', 'E', 'x', 'H', '-', '+', '.', '!', '#', '~', '5', '_', '*', "'");
const token = fc.array(tokenChars, { minLength: 1, maxLength: 6 }).map((cs) => cs.join(''));
const odd = fc.constantFrom(' ', ';', '=', '"', '/', ',', '\\', '(', '@', 'é', '\t');
const bare = fc.tuple(token, token).map(([a, b]) => `${a}/${b}`);
const withParameter = fc
  .tuple(bare, fc.constantFrom(';', '; ', ' ;'), token, fc.oneof(token, token.map((v) => `"${v} v"`)))
  .map(([t, sep, name, value]) => `${t}${sep}${name}=${value}`);
const mangled = fc.tuple(bare, fc.nat(12), odd).map(([t, at, c]) => t.slice(0, at) + c + t.slice(at));
const type = fc.oneof(bare, withParameter, mangled, token, fc.constantFrom('html', 'json', 'Text/HTML', 'text/plain; charset=latin1', ' text/html', 'text/html '));

let p: RunningServer;
let e: RunningServer;

function build(fw: typeof express) {
  const app = fw();
  app.get('/t', (req, res) => {
    res.type(req.get('x-type') as string).send('x');
  });
  // The error page's body quotes a stack trace: only the status and the header are compared.
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).end();
  });
  return app;
}

before(async () => {
  p = await startServer(build(portico as unknown as typeof express));
  e = await startServer(build(express));
});

after(async () => {
  await p.close();
  await e.close();
});

describe('res.type(t) then res.send(string): the Content-Type and its charset, against express@4', () => {
  it('is the same for generated types', async () => {
    await fc.assert(
      fc.asyncProperty(type, async (t) => {
        const request = { path: '/t', headers: { 'x-type': t } };
        const [mine, theirs] = [await send(p.port, request), await send(e.port, request)];
        assert.deepEqual({ status: mine.status, type: mine.headers['content-type'] }, { status: theirs.status, type: theirs.headers['content-type'] }, t);
      }),
      { numRuns: 300 },
    );
  });

  it('lower-cases a bare type and keeps a parameter (fixed cases)', async () => {
    for (const t of ['Text/HTML', 'application/X-Custom+JSON', 'text/plain;format=flowed', 'text/html; charset=ISO-8859-1']) {
      const request = { path: '/t', headers: { 'x-type': t } };
      const [mine, theirs] = [await send(p.port, request), await send(e.port, request)];
      assert.equal(mine.headers['content-type'], theirs.headers['content-type'], t);
    }
    const lowered = await send(p.port, { path: '/t', headers: { 'x-type': 'Text/HTML' } });
    assert.equal(lowered.headers['content-type'], 'text/html; charset=utf-8');
  });
});
