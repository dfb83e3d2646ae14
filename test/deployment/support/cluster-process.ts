import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root } from './services';

// A node:cluster app (examples/cluster/cluster.js) in its own process, as `node script.js` starts
// it in production: the tests read what the primary logs to know when workers listen and when a
// rolling restart is done.

export interface ClusterProcess {
  port: number;
  /** The primary's pid (where SIGHUP and SIGTERM go). */
  pid: number;
  output(): string;
  /** Resolves with the first match of `pattern` in the output after character `from`. */
  waitFor(pattern: RegExp, from?: number, ms?: number): Promise<RegExpExecArray>;
  /** The pids of the workers the primary reported listening, in order. */
  listeningPids(): number[];
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the primary has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (the workers drain), then waits for the exit. */
  stop(): Promise<number | null>;
}

/** The deployment fixtures and the demo run on the built package, as in production. */
export function assertBuilt(): void {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('dist/index.js is missing: the clusters run on the built package. Run `npm run build` first (`npm test` does).');
  }
}

/** Starts `node script` with `env` (PORT is a free port unless given) and waits until `workers` workers listen. */
export async function startCluster(script: string, env: Record<string, string>, workers: number): Promise<ClusterProcess> {
  assertBuilt();
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', WEB_CONCURRENCY: String(workers), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (c: Buffer) => {
    output += c.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const check of waiters) check();
  });

  const waitFor = (pattern: RegExp, from = 0, ms = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${script}: no ${pattern} within ${ms} ms:\n${output}`));
      }, ms);
      function check() {
        const m = pattern.exec(output.slice(from));
        if (m || hasExited) {
          clearTimeout(timer);
          waiters.delete(check);
          if (m) resolve(m);
          else reject(new Error(`${script} exited before ${pattern}:\n${output}`));
        }
      }
      waiters.add(check);
      check();
    });

  const proc: ClusterProcess = {
    port,
    pid: child.pid ?? 0,
    output: () => output,
    waitFor,
    listeningPids: () => [...output.matchAll(/worker (\d+) listening/g)].map((m) => Number(m[1])),
    signal: (name) => {
      if (!hasExited) child.kill(name);
    },
    exited,
    async stop() {
      if (!hasExited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  try {
    // Generous: workers load the app and its Redis clients, on a machine that may be busy.
    await waitFor(new RegExp(`(worker \\d+ listening[^]*){${workers}}`), 0, 60_000);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return proc;
}
