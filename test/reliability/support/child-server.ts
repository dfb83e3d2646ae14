import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export type FrameworkName = 'portico' | 'express';

/** What the child reports about itself after two full garbage collections. */
export interface ChildStats {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
  /** Entries in the upload directory. */
  uploads: number;
  /** Requests received and not yet answered. */
  inFlight: number;
  /** Keys added to a built-in prototype since the child started. */
  polluted: string[];
  /** Open descriptors, counted in /proc/<pid>/fd by this process. */
  fds: number;
}

/** The reliability app running in a child process. */
export interface ChildServer {
  framework: FrameworkName;
  port: number;
  pid: number;
  /** Set once the child has exited, with what it wrote to stderr. */
  exit: { code: number | null; signal: string | null; stderr: string } | null;
  stats(): Promise<ChildStats>;
  /** Asks for a graceful close and resolves with the exit code. */
  shutdown(timeoutMs: number): Promise<number | null>;
  /** Resolves once the child has closed its IPC channel, which it does as a graceful close begins. */
  closing: Promise<void>;
  /** Ends the child at once (test teardown). */
  kill(): Promise<void>;
}

const APP = join(__dirname, 'reliability-app.ts');

/** Starts the reliability app on `framework` in a child with --expose-gc and waits for its port. */
export function startChild(framework: FrameworkName, fileRoot: string, uploadDir: string): Promise<ChildServer> {
  const child: ChildProcess = fork(APP, [framework, fileRoot, uploadDir], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  let nextId = 0;
  const pending = new Map<number, (s: ChildStats) => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const closing = new Promise<void>((resolve) => child.once('disconnect', () => resolve()));
  return new Promise((resolve, reject) => {
    const handle: ChildServer = {
      framework,
      port: 0,
      pid: child.pid ?? 0,
      exit: null,
      closing,
      stats: () =>
        new Promise((res, rej) => {
          if (handle.exit) return rej(new Error(`${framework} child has exited: ${handle.exit.stderr}`));
          const id = ++nextId;
          pending.set(id, res);
          child.send({ type: 'stats', id });
        }),
      shutdown: async (timeoutMs) => {
        child.send({ type: 'shutdown' });
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
        return handle.exit?.code ?? null;
      },
      kill: async () => {
        if (handle.exit) return;
        child.kill('SIGKILL');
        await exited;
      },
    };
    child.on('message', (m: { type: string; port?: number; id?: number } & Omit<ChildStats, 'fds'>) => {
      if (m.type === 'listening') {
        handle.port = m.port as number;
        resolve(handle);
      } else if (m.type === 'stats') {
        const done = pending.get(m.id as number);
        pending.delete(m.id as number);
        done?.({ ...m, fds: readdirSync(`/proc/${handle.pid}/fd`).length });
      }
    });
    child.once('exit', (code, signal) => {
      handle.exit = { code, signal, stderr };
      reject(new Error(`${framework} child exited before listening (${code}): ${stderr}`));
    });
  });
}

/**
 * The child's stats once `settled` holds for them, or the last ones after `timeoutMs`: uploads are
 * removed and connections closed asynchronously after the last answer. The bound is generous (a
 * loaded machine) and costs nothing when the state is reached.
 */
export async function statsWhen(child: ChildServer, settled: (s: ChildStats) => boolean, timeoutMs = 20_000): Promise<ChildStats> {
  const deadline = Date.now() + timeoutMs;
  let stats = await child.stats();
  while (!settled(stats) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    stats = await child.stats();
  }
  return stats;
}
