// The API reference of the site (TypeDoc over the published .d.ts files, scripts/docs-site/) has a
// page or an anchor for every member of app, req, res and the router, and a page for every
// middleware factory: the members are listed from the same .d.ts files by the TypeScript compiler,
// so a member added to the types and lost by the reference fails.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Reference = typeof import('../../scripts/docs-site/lib/api-reference.mjs', { with: { 'resolution-mode': 'import' } });
type Members = typeof import('../../scripts/docs-site/lib/published-members.mjs', { with: { 'resolution-mode': 'import' } });

const root = join(__dirname, '..', '..');
const entry = join(root, 'dist', 'esm', 'index.d.mts');
let out: string;
let reference: Reference;
let publishedMembers: Members['publishedMembers'];

before(async () => {
  assert.ok(existsSync(entry), 'the reference is made from dist/: run `npm run build` first');
  reference = await import('../../scripts/docs-site/lib/api-reference.mjs');
  out = mkdtempSync(join(tmpdir(), 'portico-api-reference-'));
  ({ publishedMembers } = await import('../../scripts/docs-site/lib/published-members.mjs'));
  reference.runTypeDoc(root, out);
  reference.appendNodeMembers(out, entry);
});
after(() => rmSync(out, { recursive: true, force: true }));

describe('the API reference', () => {
  for (const [object, exported] of [
    ['app', 'Application'],
    ['req', 'Request'],
    ['res', 'Response'],
    ['router', 'Router'],
  ] as const) {
    it(`has an anchor for every member of ${exported} (${object})`, () => {
      const index = reference.apiIndex(out);
      const documented = index.objects[object].members;
      // Every member the compiler finds, Portico's own and those inherited from Node's classes.
      const members = publishedMembers(entry, exported).map((m) => m.name);
      assert.ok(members.length > 20, `${exported} has ${members.length} members`);
      const missing = members.filter((m) => !documented.has(m));
      assert.deepEqual(missing, [], `${index.objects[object].page} lacks them`);
    });
  }

  it('has a page for every middleware factory, with its options', () => {
    const index = reference.apiIndex(out);
    assert.deepEqual(Object.keys(index.factories).sort(), [...reference.FACTORIES].sort());
    for (const name of ['json', 'raw', 'text', 'urlencoded', 'static', 'query', 'Router']) {
      // The page names the factory's type (through `typeof static` for the one whose name is a
      // keyword), which has a page with its signature and options.
      let page = index.factories[name];
      for (let hops = 0; hops < 2 && !/\]\([./]*types\/[\w-]+\/\w+\.md\)/.test(readFileSync(join(out, page), 'utf8')); hops++) {
        const next = /^> .*?\]\(([^)]+\.md)\)/m.exec(readFileSync(join(out, page), 'utf8'));
        assert.ok(next, `variables/${name}.md names its type`);
        page = join(page, '..', next[1]);
      }
      assert.match(readFileSync(join(out, page), 'utf8'), /\]\([./]*types\/[\w-]+\/\w+\.md\)/, `variables/${name}.md leads to its type`);
    }
  });

  it('reads member anchors from headings as the site makes them', () => {
    const members = reference.memberAnchors('# Interface\n\n## Properties\n\n### \\_router\n\n### secret?\n\n### ~~del~~\n\n```md\n### not a heading\n```\n\n## Methods\n\n### sendFile()\n\n#### Parameters\n\n### accepts()\n');
    assert.deepEqual([...members], [['_router', '_router'], ['secret', 'secret'], ['del', 'del'], ['sendFile', 'sendfile'], ['accepts', 'accepts']]);
  });
});
