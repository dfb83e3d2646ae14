import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertSameAsExpress3, compareLegacyApps, type LegacyFramework } from '../helpers/legacy-oracle';

// directory() against connect@2.30's (through express@3): the listing's entries, their order,
// links and escaping, the text and JSON forms, and a custom template. The page around the list is
// Portico's own stylesheet, so the default page is compared by its title, breadcrumb and list.

let root = '';
let template = '';
before(() => {
  root = mkdtempSync(join(os.tmpdir(), 'portico-dir3x-'));
  for (const dir of ['sub/inner', '#hash dir', 'Zdir', 'a&b <dir>', '100%']) mkdirSync(join(root, 'files', dir), { recursive: true });
  const files = ['a b.txt', '#foo', '%bar', '100%.txt', 'snow ☃.txt', `<x>&'q".txt`, 'B.txt', 'sub/c.txt', '.hidden', '?q.txt', '{style}.txt', 'sub/inner/deep.md'];
  files.forEach((name, i) => writeFileSync(join(root, 'files', name), 'x'.repeat(i)));
  template = join(root, 'listing.html');
  writeFileSync(template, '<title>{directory}</title>\n<nav>{linked-path}</nav>\n{files}\n');
});
after(() => rmSync(root, { recursive: true, force: true }));

function build(fw: LegacyFramework) {
  const app = fw();
  app.use('/files', fw.directory(join(root, 'files')));
  app.use('/tpl', fw.directory(join(root, 'files'), { template }));
  app.use((err: any, _req: any, res: any, _next: any) => res.send(err.status ?? 500, err.message));
  return app;
}

const PATHS = ['/files/', '/files', '/files/sub/', '/files/sub', '/files/sub/inner/', '/files/%23hash%20dir/', '/files/a%26b%20%3Cdir%3E/', '/files/100%25/'];
const parts = (html: string) => ['title', 'h1', 'ul'].map((tag) => html.match(new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`))?.[0] ?? `no ${tag}`);

describe('legacy directory() listings', () => {
  it('lists names for text/plain and application/json as connect 2.30 does', async () => {
    const requests = [];
    for (const accept of ['text/plain', 'application/json']) for (const path of PATHS) requests.push({ path, headers: { accept } });
    await assertSameAsExpress3(build, requests);
  });

  it('gives the HTML list of connect 2.30: folders first, special names linked and escaped', async () => {
    const requests = PATHS.map((path) => ({ path, headers: { accept: 'text/html' } }));
    const pairs = await compareLegacyApps(build, requests);
    pairs.forEach((pair, i) => {
      assert.equal(pair.portico.status, pair.express3.status, requests[i].path);
      assert.equal(pair.portico.headers['content-type'], pair.express3.headers['content-type']);
      assert.deepEqual(parts(pair.portico.text), parts(pair.express3.text), requests[i].path);
    });
    assert.match(pairs[0].portico.text, /href="\/files\/%23foo"/);
    assert.match(pairs[0].portico.text, /href="\/files\/%25bar"/);
  });

  it('fills a custom template with the directory, its linked path and the list', async () => {
    await assertSameAsExpress3(
      build,
      ['/tpl/', '/tpl/sub/', '/tpl/%23hash%20dir/', '/tpl/a%26b%20%3Cdir%3E/'].map((path) => ({ path, headers: { accept: 'text/html' } })),
    );
  });

  it('answers 406, missing paths and files as connect 2.30 does', async () => {
    await assertSameAsExpress3(build, [
      { path: '/files/', headers: { accept: 'image/png' } },
      { path: '/files/nope/' },
      { path: '/files/a%20b.txt' },
      { method: 'POST', path: '/files/' },
      { method: 'DELETE', path: '/files/nope' },
      { method: 'OPTIONS', path: '/files/sub/' },
    ]);
  });
});
