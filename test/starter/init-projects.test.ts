import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt } from '../e2e/support/demo-server';
import { npm, sh, startProject, stopProject } from './support/project-commands';

/*
 * `npx portico init` as a user runs it: Portico is packed (`npm pack`), the tarball installed into
 * a scratch folder, and its `portico` bin writes each kind of project. Every project then installs
 * the same tarball and its own dependencies with `--prefer-offline` (from npm's cache, which
 * `npm install` of this repository filled: the view engines, TypeScript and tsx are devDependencies
 * here, at the versions the projects ask for), runs its own `npm test`, and `npm start` must serve
 * GET / with 200. The variants cover each view engine, JavaScript and TypeScript, 4.x, legacy and Express 5.
 */

const root = join(__dirname, '..', '..');
/** Each view engine once, JavaScript and TypeScript, 4.x, legacy and Express 5; the home page shows the folder's name. */
const variants: Array<{ folder: string; flags: string[]; ext: 'js' | 'ts' }> = [
  { folder: 'ejs-js', flags: [], ext: 'js' },
  { folder: 'pug-legacy', flags: ['--view', 'pug', '--legacy'], ext: 'js' },
  { folder: 'hbs-ts', flags: ['--view', 'hbs', '--ts'], ext: 'ts' },
  { folder: 'none-js', flags: ['--view', 'none'], ext: 'js' },
  { folder: 'ejs-ts-legacy', flags: ['--ts', '--legacy'], ext: 'ts' },
  { folder: 'none-express5', flags: ['--view', 'none', '--express5'], ext: 'js' },
  { folder: 'ejs-ts-express5', flags: ['--ts', '--express5'], ext: 'ts' },
];

describe('npx portico init, from the packed package', { timeout: 600_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portico-starter-'));
  let tarball = '';
  let bin = '';

  before(() => {
    assertBuilt();
    const packed = JSON.parse(sh(npm, ['pack', '--json', '--pack-destination', scratch], root)) as Array<{ filename: string }>;
    tarball = join(scratch, packed[0].filename);
    const tool = join(scratch, 'tool');
    mkdirSync(tool);
    sh(npm, ['init', '-y'], tool);
    sh(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], tool);
    bin = join(tool, 'node_modules', '.bin', 'portico');
  });

  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('installs a `portico` command that answers --help', () => {
    assert.match(sh(bin, ['--help'], scratch), /^Usage: portico init <folder> \[options\]/);
  });

  for (const { folder, flags, ext } of variants) {
    it(`init ${folder} ${flags.join(' ')}: its npm test passes, and npm start serves GET / with 200`, async () => {
      sh(bin, ['init', folder, ...flags], scratch);
      const dir = join(scratch, folder);
      assert.ok(existsSync(join(dir, `src/app.${ext}`)));
      const declared = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      sh(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], dir);
      for (const name of Object.keys(declared.dependencies)) assert.ok(existsSync(join(dir, 'node_modules', name, 'package.json')), name);

      const tested = sh(npm, ['test'], dir);
      assert.match(tested, /# pass 3\n# fail 0/, tested);

      const server = await startProject(npm, ['start'], dir);
      try {
        const res = await fetch(server.url + '/');
        assert.equal(res.status, 200, server.output());
        assert.match(await res.text(), new RegExp(`<h1>${folder}</h1>`));
        assert.equal((await fetch(server.url + '/no-such-page')).status, 404);
      } finally {
        await stopProject(server.child);
      }
    });
  }
});
