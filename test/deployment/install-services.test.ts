import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServices, root } from './support/services';

// scripts/install-services.sh, which the deployment tests call: it finds nginx and redis-server
// (installing Debian's packages when they are missing) or fails loudly, never quietly.

const script = join(root, 'scripts', 'install-services.sh');
let bin: string;
// The copy of the script that another user runs: the clone may live where only its owner can read
// (`/root/portico`), so `nobody` is given a copy in a world-readable temporary folder instead.
let sharedScript: string;

before(() => {
  // A PATH with only what the script needs to reach its checks: `id` and, for one case, apt-get.
  bin = mkdtempSync(join(tmpdir(), 'portico-install-'));
  chmodSync(bin, 0o755);
  mkdirSync(join(bin, 'with-apt'));
  mkdirSync(join(bin, 'without-apt'));
  for (const dir of ['with-apt', 'without-apt']) symlinkSync('/usr/bin/id', join(bin, dir, 'id'));
  symlinkSync('/usr/bin/apt-get', join(bin, 'with-apt', 'apt-get'));
  sharedScript = join(bin, 'install-services.sh');
  copyFileSync(script, sharedScript);
  chmodSync(sharedScript, 0o755);
});
after(() => rmSync(bin, { recursive: true, force: true }));

function run(env: Record<string, string>, asUser?: number) {
  const command = asUser === undefined ? ['/bin/sh', script] : ['/usr/bin/setpriv', `--reuid=${asUser}`, `--regid=${asUser}`, '--clear-groups', '/bin/sh', sharedScript];
  const r = spawnSync(command[0], command.slice(1), {
    env: { NGINX_PATH: '/nonexistent/nginx', REDIS_SERVER_PATH: '/nonexistent/redis-server', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('scripts/install-services.sh', () => {
  it('finds nginx and redis-server (installing them when missing) and exits 0', () => {
    ensureServices();
    const r = run({ PATH: process.env.PATH ?? '', NGINX_PATH: '/usr/sbin/nginx', REDIS_SERVER_PATH: '/usr/bin/redis-server' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'install-services: found /usr/sbin/nginx and /usr/bin/redis-server\n');
  });

  it('fails with a clear message when they are missing and apt-get is not there', () => {
    const r = run({ PATH: join(bin, 'without-apt') });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^install-services: missing: nginx redis-server, and apt-get is not available/);
    assert.match(r.stderr, /the deployment tests \(test\/deployment\/\*\.test\.ts\) will fail without nginx and redis-server/);
  });

  it('fails with a clear message when installing needs root and there is no sudo', () => {
    assert.equal(process.getuid?.(), 0, 'this check runs the script as another user (nobody), which needs root, as CI is');
    const r = run({ PATH: join(bin, 'with-apt') }, 65534);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^install-services: missing: nginx redis-server; installing them needs root \(not root, and no sudo here\)/);
  });
});
