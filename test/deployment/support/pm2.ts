import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './services';

// PM2 from the project's devDependencies (never a global install), with its own PM2_HOME in a
// temporary directory: its daemon, logs and sockets are the test's alone, and `stop` kills it.

export interface Pm2Process {
  name: string;
  pid: number;
  status: string;
  restarts: number;
}

export interface Pm2 {
  home: string;
  /** Runs `pm2 …args` with `env` added; resolves with its output, rejects with it when pm2 fails. */
  run(args: string[], env?: Record<string, string>): Promise<string>;
  /** The processes PM2 manages (`pm2 jlist`). */
  list(): Promise<Pm2Process[]>;
  /** `pm2 kill` (the daemon and every app), then removes PM2_HOME. */
  stop(): Promise<void>;
}

const bin = join(root, 'node_modules', '.bin', 'pm2');

export function startPm2(): Pm2 {
  const home = mkdtempSync(join(tmpdir(), 'portico-pm2-'));
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<string>((resolve, reject) => {
      execFile(bin, args, { cwd: root, env: { ...process.env, ...env, PM2_HOME: home }, timeout: 300_000, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`pm2 ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`));
        else resolve(stdout + stderr);
      });
    });
  return {
    home,
    run,
    async list() {
      const out = await run(['jlist']);
      const all = JSON.parse(out.slice(out.search(/^\[(\{|\])/m))) as Array<{ name: string; pid: number; pm2_env: { status: string; restart_time: number } }>;
      return all.map((p) => ({ name: p.name, pid: p.pid, status: p.pm2_env.status, restarts: p.pm2_env.restart_time }));
    },
    async stop() {
      try {
        await run(['kill']);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  };
}
