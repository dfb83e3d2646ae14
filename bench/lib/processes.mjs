// Child processes of the benchmark: spawned pinned to a core, tracked, and always killed, whether
// the run ends normally, fails, or is interrupted.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus } from 'node:os';

const children = new Set();

/** Kills every child still running; safe to call from an 'exit' handler (synchronous). */
export function killAll() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
}

let handlersInstalled = false;

/** Makes sure no child outlives the runner, however it ends. */
export function installCleanup() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      killAll();
      process.stderr.write(`\nbench: interrupted (${signal}), servers stopped\n`);
      process.exit(130);
    });
  }
  process.on('uncaughtException', (err) => {
    killAll();
    process.stderr.write(`bench: ${err.stack || err}\n`);
    process.exit(1);
  });
}

/**
 * Decides how to pin: `taskset -c <core>` when it exists and there are two cores or more.
 * Returns { enabled, reason }.
 */
export function detectPinning(disabled) {
  const cores = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
  if (disabled) return { enabled: false, cores, reason: 'disabled with --no-pin' };
  if (cores < 2) return { enabled: false, cores, reason: `only ${cores} core available` };
  const probe = spawnSync('taskset', ['-c', '1', 'true'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return { enabled: false, cores, reason: 'taskset not found or not permitted' };
  return { enabled: true, cores, reason: 'server on core 0, load generator on core 1' };
}

/** Spawns `node <args>` (on `core` when pinning), tracked for cleanup. */
export function spawnNode(args, options) {
  return spawnPinned(process.execPath, args, options);
}

/**
 * Spawns any command (on `core` when pinning), tracked for cleanup, with its output collected in
 * `stdoutText` / `stderrText` and `exited` resolving with { code, signal }. taskset execs the
 * command, so the child's pid and signals are the command's own.
 */
export function spawnPinned(command, args, { pinning, core, env, ipc = false }) {
  const file = pinning.enabled ? 'taskset' : command;
  const argv = pinning.enabled ? ['-c', String(core), command, ...args] : args;
  const child = spawn(file, argv, {
    env: { ...process.env, ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdoutText = '';
  child.stderrText = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (child.stdoutText += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (child.stderrText += d));
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.on('error', (err) => {
      children.delete(child);
      child.stderrText += String(err);
      resolve({ code: -1, signal: null });
    });
  });
  return child;
}

/** Resolves once the child prints `READY`; rejects if it exits first or takes too long. */
export function waitForReady(child, timeoutMs = 15000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    const onData = () => {
      if (/^READY /m.test(child.stdoutText)) finish();
    };
    const finish = (err) => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      if (err) reject(err);
      else resolve();
    };
    child.stdout.on('data', onData);
    child.exited.then(({ code, signal }) => finish(new Error(`exited (${signal || code}) before ready`)));
    onData();
  });
}

/** Stops a child: SIGTERM, then SIGKILL if it has not gone within `graceMs`. */
export async function stop(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Peak resident set size of a live process in MB (VmHWM), or null where /proc is missing. */
export function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
