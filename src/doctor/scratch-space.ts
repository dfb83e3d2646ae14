import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The temporary folders of one doctor run, removed on every way out: normal return, an error,
 * Ctrl-C (SIGINT), SIGTERM, SIGHUP, or the process exiting. While a test command runs, `track`
 * holds its process group, which is killed first so that nothing writes into a folder being removed.
 */
export class ScratchSpace {
  readonly root: string;
  private childGroup: number | undefined;
  private removed = false;
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.dispose();
    process.stderr.write(`\nportico doctor: stopped by ${signal}; temporary copies removed\n`);
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
  };
  private readonly onExit = (): void => this.dispose();

  constructor(prefix = 'portico-doctor-') {
    this.root = mkdtempSync(join(tmpdir(), prefix));
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, this.onSignal);
    process.on('exit', this.onExit);
  }

  /** A path inside the scratch space. */
  path(name: string): string {
    return join(this.root, name);
  }

  /** Remembers the process group of the running test command (or forgets it with undefined). */
  track(pid: number | undefined): void {
    this.childGroup = pid;
  }

  /** Kills the tracked process group and removes every temporary folder; safe to call twice. */
  dispose(): void {
    if (this.childGroup !== undefined) {
      try {
        process.kill(-this.childGroup, 'SIGKILL');
      } catch { /* already gone */ }
      this.childGroup = undefined;
    }
    if (!this.removed) {
      this.removed = true;
      rmSync(this.root, { recursive: true, force: true, maxRetries: 3 });
    }
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeListener(s, this.onSignal);
    process.removeListener('exit', this.onExit);
  }
}
