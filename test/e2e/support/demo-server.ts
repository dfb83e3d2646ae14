import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { listening, type Listening } from '../../ecosystem/support/harness';

const root = join(__dirname, '..', '..', '..');
const demoDir = join(root, 'examples', 'demo');

/** The demo runs on the built package, as `npm start` does: fail clearly when it is not built. */
export function assertBuilt(): void {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('dist/index.js is missing: the demo runs on the built package. Run `npm run build` first (`npm test` does).');
  }
}

/** A temporary directory for the demo's SQLite file; `remove` deletes it. */
export function tempDataDir(): { dbFile: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portico-demo-'));
  return { dbFile: join(dir, 'demo.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface DemoApp {
  listen(port: number, host: string): Server;
  get(setting: 'db'): { close(): void };
}

/** The demo app built in this process (examples/demo/app.js) and listening on a free port. */
export async function startDemoApp(dbFile: string): Promise<Listening & { stop(): Promise<void> }> {
  assertBuilt();
  const { createApp } = createRequire(__filename)(join(demoDir, 'app.js')) as { createApp(o: { dbFile: string }): DemoApp };
  const app = createApp({ dbFile });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const srv = listening(server);
  return {
    ...srv,
    async stop() {
      await srv.close();
      app.get('db').close();
    },
  };
}

export interface DemoProcess {
  url: string;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** `node examples/demo/server.js`, what `npm start` runs, with PORT=0 and DEMO_DB; resolves once it listens. */
export async function startDemoProcess(dbFile: string): Promise<DemoProcess> {
  assertBuilt();
  const child = spawn(process.execPath, [join(demoDir, 'server.js')], {
    env: { ...process.env, PORT: '0', DEMO_DB: dbFile, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not start within 10 s:\n${output}`)), 10_000);
    const check = () => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited with code ${code}:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
