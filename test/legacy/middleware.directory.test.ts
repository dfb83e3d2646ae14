import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import portico from '../../src/index';
import { directory, type DirectoryOptions } from '../../src/legacy/middleware/index';
import { withServer, send, type SimpleRequest } from '../helpers/server';

let root = '';

before(() => {
  root = mkdtempSync(join(tmpdir(), 'portico-dir-test-'));
  mkdirSync(join(root, 'public'));
  mkdirSync(join(root, 'public', 'sub'));
  mkdirSync(join(root, 'public', 'snow ☃'));
  writeFileSync(join(root, 'public', 'b.txt'), 'b');
  writeFileSync(join(root, 'public', 'A.txt'), 'a');
  writeFileSync(join(root, 'public', 'do..ts.txt'), 'x');
  writeFileSync(join(root, 'public', '<img src=x onerror=alert(1)>.txt'), 'x');
  writeFileSync(join(root, 'public', '.hidden'), 'h');
  writeFileSync(join(root, 'public', 'sub', 'inner.txt'), 'i');
  writeFileSync(join(root, 'secret.txt'), 'outside');
  symlinkSync(join(root, 'public', 'sub'), join(root, 'public', 'link-to-sub'));
});

after(() => rmSync(root, { recursive: true, force: true }));

function listingApp(options?: DirectoryOptions, mount = '/') {
  const app = portico();
  app.use(mount, directory(join(root, 'public'), options));
  app.use((_req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    res.end('fell through');
  });
  return app;
}

async function get(request: SimpleRequest, options?: DirectoryOptions, mount?: string) {
  return withServer(listingApp(options, mount), ({ port }) => send(port, request));
}

const asJson = { headers: { accept: 'application/json' } };

describe('directory(root)', () => {
  it('throws without a root', () => {
    assert.throws(() => directory(''), TypeError);
  });

  it('lists as JSON, names in code-unit order (folders among files, as connect 2.30), dot-files hidden', async () => {
    const res = await get({ path: '/', ...asJson });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(JSON.parse(res.text), ['<img src=x onerror=alert(1)>.txt', 'A.txt', 'b.txt', 'do..ts.txt', 'link-to-sub', 'snow ☃', 'sub']);
  });

  it('lists as plain text, one name per line', async () => {
    const res = await get({ path: '/sub/', headers: { accept: 'text/plain' } });
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.text, 'inner.txt\n');
  });

  it('lists as HTML by default, with names escaped and links encoded', async () => {
    const res = await get({ path: '/' });
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['content-length'], String(res.body.length));
    assert.ok(!res.text.includes('<img src=x'), 'file name must be escaped');
    assert.ok(res.text.includes('&lt;img src=x onerror=alert(1)&gt;.txt'));
    assert.ok(res.text.includes('href="/snow%20%E2%98%83"'));
    assert.ok(res.text.includes('href="/sub"'));
    assert.ok(res.text.indexOf('href="/sub"') < res.text.indexOf('href="/A.txt"'), 'folders first');
    assert.ok(res.text.includes('href="/A.txt"'));
    assert.ok(!res.text.includes('class="icon'));
  });

  it('links to the parent directory below the root', async () => {
    const res = await get({ path: '/sub/' });
    assert.ok(res.text.includes('<a href="/" class="" title="..">'));
  });

  it('builds links from the mount path', async () => {
    const res = await get({ path: '/files/sub/' }, undefined, '/files');
    assert.ok(res.text.includes('href="/files/sub/inner.txt"'));
  });

  it('answers HEAD with headers only', async () => {
    const res = await get({ method: 'HEAD', path: '/', ...asJson });
    assert.equal(res.status, 200);
    assert.ok(Number(res.headers['content-length']) > 0);
    assert.equal(res.body.length, 0);
  });

  it('answers other methods with 405 and Allow, OPTIONS with 200', async () => {
    const res = await get({ method: 'POST', path: '/' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
    assert.equal(res.text, '');
    assert.equal((await get({ method: 'OPTIONS', path: '/missing/' })).status, 200);
  });

  it('passes files and missing paths on', async () => {
    assert.equal((await get({ path: '/A.txt' })).text, 'fell through');
    assert.equal((await get({ path: '/missing/' })).text, 'fell through');
    assert.equal((await get({ path: '/A.txt/x' })).text, 'fell through');
  });

  it('responds 406 when no listing type is acceptable', async () => {
    const res = await get({ path: '/', headers: { accept: 'image/png' } });
    assert.equal(res.status, 406);
  });

  it('decodes the path', async () => {
    const res = await get({ path: '/snow%20%E2%98%83/', ...asJson });
    assert.deepEqual(JSON.parse(res.text), []);
  });

  it('follows a symbolic link to a directory inside the root', async () => {
    const res = await get({ path: '/link-to-sub/', ...asJson });
    assert.deepEqual(JSON.parse(res.text), ['inner.txt']);
  });
});

describe('directory(root, { hidden: true })', () => {
  it('lists dot-files', async () => {
    const res = await get({ path: '/', ...asJson }, { hidden: true });
    assert.ok((JSON.parse(res.text) as string[]).includes('.hidden'));
  });
});

describe('directory(root, { filter })', () => {
  it('keeps the entries the filter accepts, with index, list and path', async () => {
    const seen: string[] = [];
    const res = await get({ path: '/', ...asJson }, {
      filter: (name, index, list, dirPath) => {
        assert.equal(list[index], name);
        seen.push(dirPath);
        return name.endsWith('.txt');
      },
    });
    assert.deepEqual(JSON.parse(res.text), ['<img src=x onerror=alert(1)>.txt', 'A.txt', 'b.txt', 'do..ts.txt']);
    assert.ok(seen.every((p) => p === join(root, 'public')));
  });
});

describe('directory(root, { icons: true })', () => {
  it('adds an icon per entry', async () => {
    const res = await get({ path: '/' }, { icons: true });
    assert.ok(res.text.includes('icon-directory'));
    assert.ok(res.text.includes('icon-file'));
  });
});
