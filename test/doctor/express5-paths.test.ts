// The Express 5 spellings `portico doctor --target 5` gives for Express 4 route paths, checked over
// HTTP: the 4.x path on express@4 and its spelling on express@5.3 answer the same probe paths, for
// routes and for middleware; where no string keeps the meaning, the RegExp the doctor names does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import { express5PathVerdict } from '../../src/doctor/express5-paths';
import { send, startServer, type Listener } from '../helpers/server';

// express@5 as the oracle for Express 5's reading (devDependency `express5`).
const express5 = require('express5') as typeof express;

const PROBES = ['/', '/files', '/files/', '/files/a', '/files/a/b.txt', '/user', '/user/', '/user/7', '/user/7/x', '/a', '/b', '/a|b',
  '/doc', '/doc.json', '/doc.', '/x/1', '/x/1/2', '/n/12', '/n/ab', '/v1!', '/v1', '/colour', '/color'];

/** Which probe paths `register` answers 200 on, on `framework` (anything else gives 404). */
async function answered(framework: typeof express, register: (app: express.Express) => void): Promise<string[]> {
  const app = framework();
  register(app);
  const server = await startServer(app as unknown as Listener);
  try {
    const hits: string[] = [];
    for (const path of PROBES) if ((await send(server.port, { path })).status === 200) hits.push(path);
    return hits;
  } finally {
    await server.close();
  }
}

const ok = (_req: express.Request, res: express.Response): void => {
  res.send('hit');
};

/** Paths whose Express 5 spelling the doctor writes (matches kept). */
const MECHANICAL: Array<[string, string]> = [
  ['*', '/{*splat}'],
  ['/files/*', '/files/{*splat}'],
  ['/user/:id?', '/user{/:id}'],
  ['/doc.:ext?', '/doc{.:ext}'],
  ['/x/:a/:b?', '/x/:a{/:b}'],
  ['/v1!', '/v1\\!'],
];

describe('express5PathVerdict', () => {
  for (const [path, spelling] of MECHANICAL) {
    it(`writes '${path}' as '${spelling}', which Express 5 matches as Express 4 matched the original`, async () => {
      const verdict = express5PathVerdict(path, true);
      assert.equal(verdict?.spelling, spelling);
      assert.equal(verdict?.mechanical, true);
      for (const use of [false, true]) {
        const mount = (p: string) => (app: express.Express) => (use ? app.use(p, ok) : app.get(p, ok));
        assert.deepEqual(await answered(express5, mount(spelling)), await answered(express, mount(path)), use ? 'as middleware' : 'as a route');
      }
    });
  }

  it('gives no rewrite for a parameter with a pattern, whose Express 5 spelling matches more', async () => {
    const verdict = express5PathVerdict('/n/:id(\\d+)', true);
    assert.equal(verdict?.spelling, '/n/:id');
    assert.equal(verdict?.mechanical, false);
    assert.match(verdict?.error ?? '', /^Unexpected \( at index 6/);
    assert.notDeepEqual(await answered(express5, (app) => app.get('/n/:id', ok)), await answered(express, (app) => app.get('/n/:id(\\d+)', ok)));
  });

  for (const path of ['/a|b', '/colou?r', '/files/:name+', '/files/(.*)']) {
    it(`names, for '${path}', the RegExp Express 4 built, which Express 5 matches the same way`, async () => {
      const verdict = express5PathVerdict(path, true);
      assert.equal(verdict?.spelling, null);
      const source = /^\/(.*)\/(\w*)$/.exec(verdict?.regexp ?? '');
      assert.ok(source);
      assert.deepEqual(await answered(express5, (app) => app.get(new RegExp(source[1], source[2]), ok)), await answered(express, (app) => app.get(path, ok)));
    });
  }

  it('has nothing to say of a path Express 5 reads as Express 4 did', () => {
    for (const path of ['/', '/users/:id', '/users/:id/books/:book', '/files/:name.:ext', '/a-b_c~d']) assert.equal(express5PathVerdict(path, true), undefined, path);
  });
});
