import { spawn } from 'node:child_process';
import type { ScratchSpace } from './scratch-space';

export interface CommandResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr interleaved as they came. */
  output: string;
  durationMs: number;
  timedOut: boolean;
}

/** Output kept per run: a suite that prints more keeps its last part, where the summaries are. */
const MAX_OUTPUT_CHARS = 20_000_000;

/**
 * Runs `command` through the shell in `cwd`, in a process group of its own (so that the whole tree
 * of processes a test runner starts can be killed at once, on timeout or Ctrl-C).
 */
export function runCommand(command: string, cwd: string, scratch: ScratchSpace, timeoutMs: number): Promise<CommandResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    // No colours and no interactive mode: the outcome parsers read plain text. A doctor started
    // from inside node:test inherits NODE_TEST_CONTEXT, which would make the project's own
    // `node --test` report in a binary format meant for a parent runner: it is removed.
    const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', FORCE_COLOR: '0', NO_COLOR: '1', NODE_DISABLE_COLORS: '1', npm_config_color: 'false' };
    delete env.NODE_TEST_CONTEXT;
    const child = spawn(command, {
      cwd,
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    scratch.track(child.pid);
    let output = '';
    const append = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch { /* already gone */ }
    }, timeoutMs);
    let finished = false;
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      // Servers or watchers a suite forgot to stop would outlive it and hold the copy open.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch { /* the group is already empty */ }
      scratch.track(undefined);
      resolve({ exitCode, signal, output, durationMs: Date.now() - started, timedOut });
    };
    child.on('error', (e) => {
      output += `\n${e.message}\n`;
      finish(null, null);
    });
    child.on('close', finish);
  });
}
