import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt } from '../e2e/support/demo-server';
import { npm, sh, startProject, stopProject } from './support/project-commands';

/*
 * `portico init --runtime bun|deno|workers` as a user runs it: the command of the built package
 * writes the project, the project installs Portico from the packed tarball (npm, `--prefer-offline`:
 * from the cache this repository's install filled), and then runs its own tests and its start command
 * on the runtime itself: Bun and Deno from this repository's `bun` and `deno` devDependencies, the
 * Workers project through wrangler and workerd.
 */

const root = join(__dirname, '..', '..');
const bin = join(root, 'node_modules', '.bin');
/** The project commands find the runtimes on PATH, as a user's shell does. */
const PATH = `${bin}:${process.env.PATH ?? ''}`;

describe('portico init --runtime, from the packed package', { timeout: 900_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portico-runtime-starter-'));
  let tarball = '';

  before(() => {
    assertBuilt();
    const packed = JSON.parse(sh(npm, ['pack', '--json', '--pack-destination', scratch], root)) as Array<{ filename: string }>;
    tarball = join(scratch, packed[0].filename);
  });

  after(() => rmSync(scratch, { recursive: true, force: true }));

  /** Writes the project with the built `portico` command and installs the tarball (and `extra` packages) into it. */
  function init(folder: string, flags: string[], extra: string[] = []): string {
    sh(process.execPath, [join(root, 'dist', 'cli.js'), 'init', folder, ...flags], scratch);
    const dir = join(scratch, folder);
    sh(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...extra], dir);
    return dir;
  }

  /** GET / and an unknown path on a started project. */
  async function checkServing(server: { url: string; output: () => string }, folder: string): Promise<void> {
    const res = await fetch(server.url + '/');
    assert.equal(res.status, 200, server.output());
    assert.match(await res.text(), new RegExp(`<h1>${folder}</h1>`));
    const missing = await fetch(server.url + '/no-such-page');
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: 'Not found', path: '/no-such-page' });
  }

  it('--runtime bun: bun test passes, and bun src/server.js serves the app through Bun.serve', async () => {
    const dir = init('on-bun', ['--runtime', 'bun']);
    sh(join(bin, 'bun'), ['test'], dir, { PATH });
    const server = await startProject(join(bin, 'bun'), ['src/server.js'], dir);
    try {
      await checkServing(server, 'on-bun');
    } finally {
      await stopProject(server.child);
    }
  });

  it('--runtime deno --express5: deno task test passes, and deno task start serves the app through Deno.serve', async () => {
    const dir = init('on-deno', ['--runtime', 'deno', '--express5']);
    sh(join(bin, 'deno'), ['task', 'test'], dir, { PATH, NO_COLOR: '1' });
    const server = await startProject(join(bin, 'deno'), ['task', 'start'], dir);
    try {
      await checkServing(server, 'on-deno');
    } finally {
      await stopProject(server.child);
    }
  });

  it('--runtime workers: npm test runs the worker bundled by wrangler on local workerd', () => {
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const dir = init('on-workers', ['--runtime', 'workers'], [`wrangler@${own.devDependencies.wrangler}`]);
    const tested = sh(npm, ['test'], dir, { PATH });
    assert.match(tested, /# pass 3\n# fail 0/, tested);
  });
});
