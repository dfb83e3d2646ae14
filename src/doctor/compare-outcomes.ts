import type { CommandResult } from './run-command';
import { parseTestOutput, type Outcome, type OutputFormat } from './test-outcomes';

/** One suite run, as the report shows it. */
export interface SuiteRun {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  format: OutputFormat;
  counts: Record<Outcome, number>;
}

export interface OutcomeChange {
  test: string;
  /** `absent` when the test did not run (or was not reported) on that side. */
  asIs: Outcome | 'absent';
  onPortico: Outcome | 'absent';
}

export interface Comparison {
  asIs: SuiteRun;
  onPortico: SuiteRun;
  /** Tests whose outcome differs. */
  changed: OutcomeChange[];
  /** Tests compared (present on either side). */
  compared: number;
  /** The summary line of the verdict. */
  verdict: string;
  /** True when nothing changed: same outcomes test by test, or the same exit status when tests cannot be told apart. */
  same: boolean;
}

function summarise(result: CommandResult, format: OutputFormat, tests: Map<string, Outcome>): SuiteRun {
  const counts: Record<Outcome, number> = { pass: 0, fail: 0, skip: 0 };
  for (const o of tests.values()) counts[o]++;
  return { exitCode: result.exitCode, timedOut: result.timedOut, durationMs: result.durationMs, format, counts };
}

const passed = (r: CommandResult): boolean => r.exitCode === 0 && !r.timedOut;

/** How the report names the two sides: the project as is and on Portico, or Portico's 4.x and 5.x interfaces. */
export interface SideNames {
  before: string;
  after: string;
}

/** Compares the run on the project's own Express with the run on Portico (or the two runs `names` names). */
export function compareRuns(asIsResult: CommandResult, porticoResult: CommandResult, names: SideNames = { before: 'as is', after: 'on Portico' }): Comparison {
  const before = parseTestOutput(asIsResult.output);
  const after = parseTestOutput(porticoResult.output);
  const asIs = summarise(asIsResult, before.format, before.tests);
  const onPortico = summarise(porticoResult, after.format, after.tests);
  const byTest = before.format !== 'exit-code' && after.format !== 'exit-code' && before.tests.size > 0;
  if (!byTest) {
    const same = passed(asIsResult) === passed(porticoResult);
    const describe = (r: CommandResult): string => (r.timedOut ? 'timed out' : passed(r) ? 'passes' : `fails (exit code ${r.exitCode ?? r.signal})`);
    const verdict = same
      ? `The test command ${describe(asIsResult)} on both (the output names no tests, so only the exit status is compared).`
      : `The test command ${describe(asIsResult)} ${names.before}, and ${describe(porticoResult)} ${names.after} (the output names no tests, so only the exit status is compared).`;
    return { asIs, onPortico, changed: [], compared: 0, verdict, same };
  }
  const tests = [...new Set([...before.tests.keys(), ...after.tests.keys()])];
  const changed: OutcomeChange[] = [];
  for (const test of tests) {
    const a = before.tests.get(test) ?? 'absent';
    const b = after.tests.get(test) ?? 'absent';
    if (a !== b) changed.push({ test, asIs: a, onPortico: b });
  }
  const exitChanged = passed(asIsResult) !== passed(porticoResult);
  const same = changed.length === 0 && !exitChanged;
  const tally = `${asIs.counts.pass} pass, ${asIs.counts.fail} fail, ${asIs.counts.skip} skipped`;
  let verdict: string;
  if (same) verdict = `All ${tests.length} tests keep their outcome ${names.after} (${tally}).`;
  else if (changed.length === 0) verdict = `All ${tests.length} tests keep their outcome, but the command ${passed(asIsResult) ? 'passes' : 'fails'} ${names.before} and ${passed(porticoResult) ? 'passes' : 'fails'} ${names.after} (exit codes ${asIsResult.exitCode} and ${porticoResult.exitCode}).`;
  else verdict = `${changed.length} of ${tests.length} tests change outcome ${names.after}.`;
  return { asIs, onPortico, changed, compared: tests.length, verdict, same };
}
