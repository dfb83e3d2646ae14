import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

describe('legacy static(root)', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'portico-legacy-static-'));
    mkdirSync(join(root, 'sub'));
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, 'a.txt'), 'hello');
    writeFileSync(join(root, 'sub', 'index.html'), 'idx');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  function app() {
    const a = legacy();
    a.use(legacy.static(root));
    a.use('/m', legacy.static(root));
    a.use((_req: any, res: any) => res.send(404, 'nope'));
    return a;
  }

  it('redirects a directory without its slash with 303 and the 3.x one-line body', async () => {
    await withServer(app(), async ({ port }) => {
      const r = await send(port, { path: '/sub?x=1' });
      assert.equal(r.status, 303);
      assert.equal(r.headers.location, '/sub/?x=1');
      assert.equal(r.headers['content-type'], 'text/html; charset=UTF-8');
      assert.equal(r.text, 'Redirecting to <a href="/sub/?x=1">/sub/?x=1</a>\n');
      assert.equal((await send(port, { path: '/m' })).headers.location, '/m/');
      assert.equal((await send(port, { path: '/sub/' })).text, 'idx');
    });
  });

  it('serves files and passes on missing files, dot-directories and other methods', async () => {
    await withServer(app(), async ({ port }) => {
      assert.equal((await send(port, { path: '/a.txt' })).text, 'hello');
      assert.equal((await send(port, { path: '/missing' })).text, 'nope');
      assert.equal((await send(port, { path: '/.git' })).text, 'nope');
      assert.equal((await send(port, { method: 'POST', path: '/sub' })).text, 'nope');
    });
  });
});
