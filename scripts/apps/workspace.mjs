// Puts an application in a temporary folder, installs it with its devDependencies, and later
// swaps every `express` in its tree for the packed Portico. Each step runs a child process in its
// own process group with a deadline, so a hung install or suite is killed with everything it started.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { basename, join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Process groups still running, so that an interrupted harness leaves nothing behind. */
const running = new Set();
const installFlags = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];

/**
 * Runs `command args` in `cwd`, output appended to `logFile`. Resolves with { code, timedOut }.
 * `until`, when given, is polled every second: once it returns true the process has five seconds
 * to exit by itself before it is killed (a test suite that finished but left a server open).
 */
export function runLogged(command, args, { cwd, env, logFile, timeoutMs, until }) {
  return new Promise((resolvePromise, reject) => {
    const fd = openSync(logFile, 'a');
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    running.add(child.pid);
    let timedOut = false;
    let finishedAt;
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const deadline = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const poll = until
      ? setInterval(() => {
          if (finishedAt === undefined && until()) finishedAt = Date.now();
          if (finishedAt !== undefined && Date.now() - finishedAt > 5000) killGroup();
        }, 1000)
      : undefined;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      if (poll) clearInterval(poll);
      // Anything the suite left behind in its group (servers, watchers) goes too.
      killGroup();
      running.delete(child.pid);
      resolvePromise({ code: code ?? signal, timedOut });
    });
  });
}

/** Kills every process group `runLogged` started that is still running. */
export function killRunning() {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

/** Fetches `name@version` from the registry and unpacks it into `dest` (created by tar). */
export async function unpackFromRegistry(name, version, work, dest, options) {
  const result = await runLogged(npm, ['pack', `${name}@${version}`, '--pack-destination', work, '--json'], { cwd: work, ...options, logFile: join(work, 'pack.log') });
  if (result.code !== 0) throw new Error(`npm pack ${name}@${version} failed (${result.timedOut ? 'timed out' : `exit ${result.code}`}); see ${join(work, 'pack.log')}`);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
  execFileSync('mkdir', ['-p', dest]);
  // Tarballs of old packages do not always name their top folder `package`.
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', dest, '--strip-components=1', '--no-same-owner']);
}

/** Copies a source checkout into `dest`, without its node_modules or .git. */
export function copySource(dir, dest) {
  cpSync(dir, dest, { recursive: true, filter: (src) => !['node_modules', '.git'].includes(basename(src)) });
}

/** `npm install` with devDependencies in `appDir`; throws with the log's tail if it fails. */
export async function install(appDir, logFile, timeoutMs) {
  const result = await runLogged(npm, ['install', ...installFlags], { cwd: appDir, logFile, timeoutMs, env: { NODE_ENV: 'development' } });
  if (result.code !== 0) {
    throw new Error(`npm install in ${appDir} ${result.timedOut ? 'timed out' : `failed (exit ${result.code})`}:\n${tail(logFile)}`);
  }
}

/**
 * Makes `tarball` every `express` of the tree: the app's own dependency on express points at it
 * (added as a devDependency when the app only names express as a peer), and npm's `overrides`
 * gives it to every package that depends on express (docs/migrating.md, "Portico as `express` for
 * the whole project"). The lockfile of the first install keeps every other package as it was.
 */
export function pointExpressAt(appDir, tarball) {
  const file = join(appDir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const spec = `file:${tarball}`;
  let named = false;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    if (pkg[field]?.express !== undefined) {
      pkg[field].express = spec;
      named = true;
    }
  }
  if (!named) pkg.devDependencies = { ...pkg.devDependencies, express: spec };
  pkg.overrides = { ...pkg.overrides, express: spec };
  writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
}

/** Every `node_modules/…/express/package.json` under `appDir`, with the name and version it declares. */
export function installedExpresses(appDir) {
  const found = [];
  const walk = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      const dir = join(modules, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(dir)) walk(join(dir, scoped, 'node_modules'));
        continue;
      }
      if (entry.name === 'express' && existsSync(join(dir, 'package.json'))) {
        const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        found.push({ path: dir, name, version });
      }
      walk(join(dir, 'node_modules'));
    }
  };
  walk(join(appDir, 'node_modules'));
  return found;
}

/** The last lines of a log, for an error message. */
export function tail(logFile, lines = 25) {
  if (!existsSync(logFile)) return '(no log)';
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).map((l) => '    ' + l).join('\n');
}
