import { resolve } from 'node:path';
import { diagnose } from './diagnose';
import { renderReport } from './report-text';
import { renderTarget5Report } from './report-target5-text';
import { diagnoseTarget5 } from './target5';

export const DOCTOR_USAGE = `Usage: portico doctor [folder] [options]

Reports how an existing Express project would fare on Portico: the express version it asks for,
the Node version, the packages that use Express, express/lib deep imports and uses of internals.
Nothing in the folder is changed.

Options:
  --json              the report as JSON on stdout
  --run "<command>"   run the project's tests (e.g. "npm test") in two temporary copies, as is and
                      with every express replaced by Portico, and name the tests that change outcome
  --timeout <seconds> per run of the tests (default 600)
  --target 5          what moving to Express 5 (require('portico/5')) changes: route paths whose
                      syntax changed, removed or changed APIs, parser and static defaults, with file
                      and line; the mechanical rewrites printed as a unified diff; with --run, the
                      tests run on Portico's 4.x API and on portico/5
  --write             with --target 5: apply the mechanical rewrites to the project's files
  -h, --help          show this help

Exit code: 0 when nothing needs a look, 1 when the report lists something to look at, 2 for usage errors.
See docs/doctor.md.
`;

export interface DoctorArgs {
  dir: string;
  json: boolean;
  run?: string;
  timeoutMs: number;
  /** 5 for `--target 5`; undefined for the move from Express to Portico. */
  target?: 5;
  write: boolean;
}

/** Reads the arguments after `doctor`. */
export function parseDoctorArgs(args: readonly string[]): DoctorArgs | { help: true } | { error: string } {
  let dir: string | undefined;
  let json = false;
  let run: string | undefined;
  let timeoutMs = 600_000;
  let target: 5 | undefined;
  let write = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = (name: string): string | undefined => (arg === name ? args[++i] : arg.startsWith(`${name}=`) ? arg.slice(name.length + 1) : undefined);
    if (arg === '-h' || arg === '--help') return { help: true };
    if (arg === '--json') json = true;
    else if (arg === '--write') write = true;
    else if (arg === '--target' || arg.startsWith('--target=')) {
      const version = value('--target');
      if (version !== '5') return { error: '--target takes 5 (the Express major to move to)' };
      target = 5;
    }
    else if (arg === '--run' || arg.startsWith('--run=')) {
      run = value('--run');
      if (!run) return { error: '--run takes the test command, e.g. --run "npm test"' };
    } else if (arg === '--timeout' || arg.startsWith('--timeout=')) {
      const seconds = Number(value('--timeout'));
      if (!Number.isFinite(seconds) || seconds <= 0) return { error: '--timeout takes a number of seconds' };
      timeoutMs = seconds * 1000;
    } else if (arg.startsWith('-')) return { error: `unknown option: ${arg}` };
    else if (dir === undefined) dir = arg;
    else return { error: `one folder only (got ${dir} and ${arg})` };
  }
  if (write && target === undefined) return { error: '--write rewrites for Express 5: use it with --target 5' };
  return { dir: resolve(dir ?? '.'), json, run, timeoutMs, target, write };
}

/** `portico doctor …`: prints the report and answers the exit code. */
export async function doctorCommand(args: readonly string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const parsed = parseDoctorArgs(args);
  if ('help' in parsed) {
    out(DOCTOR_USAGE);
    return 0;
  }
  if ('error' in parsed) {
    err(`portico doctor: ${parsed.error}\n\n${DOCTOR_USAGE}`);
    return 2;
  }
  try {
    if (parsed.target === 5) {
      const report = await diagnoseTarget5({ dir: parsed.dir, run: parsed.run, timeoutMs: parsed.timeoutMs, write: parsed.write, progress: (l) => err(`portico doctor: ${l}\n`) });
      // Without --write the diff is the proposal: printed after the report, ready for `git apply`.
      out(parsed.json ? JSON.stringify(report, null, 2) + '\n' : renderTarget5Report(report, parsed.write) + (parsed.write || report.diff === '' ? '' : `\n${report.diff}`));
      return report.problems.length === 0 ? 0 : 1;
    }
    const report = await diagnose({ dir: parsed.dir, run: parsed.run, timeoutMs: parsed.timeoutMs, progress: (l) => err(`portico doctor: ${l}\n`) });
    out(parsed.json ? JSON.stringify(report, null, 2) + '\n' : renderReport(report));
    return report.problems.length === 0 ? 0 : 1;
  } catch (e) {
    err(`portico doctor: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
