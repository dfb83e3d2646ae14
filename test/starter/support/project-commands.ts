import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

/** How the starter tests run a new project's commands: npm, its start script, and stopping it. */

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The environment of the commands: without c8's coverage variable (the projects are not Portico's
 * source), and without the variable that would make the project's own `node --test` report to this
 * test runner instead of printing its results.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_V8_COVERAGE;
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_ENV;
  for (const key of Object.keys(env)) if (key.startsWith('npm_package_') || key.startsWith('npm_lifecycle_')) delete env[key];
  return env;
}

/** Runs a command to its end; a non-zero exit fails with everything it printed. */
export function sh(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}): string {
  try {
    return execFileSync(cmd, args, { cwd, env: childEnv(extra), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string };
    throw new Error(`\`${cmd} ${args.join(' ')}\` in ${cwd} exited ${e.status}:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

/**
 * Starts `cmd args` (a project's start command, with PORT=0) and resolves with its URL once it prints
 * the line saying where it listens.
 */
export function startProject(cmd: string, args: string[], cwd: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  // Its own process group, so that stopping it also stops what npm or a task runner started.
  const child = spawn(cmd, args, { cwd, env: childEnv({ PORT: '0' }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopProject(child);
      reject(new Error(`\`${cmd} ${args.join(' ')}\` printed no URL in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1].replace('localhost', '127.0.0.1'), child, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`\`${cmd} ${args.join(' ')}\` exited (${code}) before listening:\n${output}`));
    });
  });
}

/** Stops a started project and everything in its process group. */
export function stopProject(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-(child.pid as number), 'SIGTERM');
  } catch {
    // Already gone.
  }
  return exited;
}
