/**
 * `portico doctor --target 5`: what moving to Express 5 changes for a project. The app's own
 * source is read for the changes (express5-scan.ts); the mechanical rewrites are shown as a
 * unified diff and applied only with `--write`; `--run` runs the tests on Portico's 4.x interface
 * and on portico/5 and names the tests whose outcome changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBothWays, type DoctorOptions, type TestRunReport } from './diagnose';
import { expressRequest, type ExpressRequest } from './express-version';
import { findExpress5Changes, type Express5Finding } from './express5-scan';
import { expressInstallPaths, listInstalledPackages } from './installed-tree';
import { readPackageJson } from './package-json';
import { sourceFiles } from './source-scan';
import { applyEdits, unifiedDiff } from './unified-diff';

export interface Target5Options extends DoctorOptions {
  /** Apply the mechanical rewrites to the project's files. */
  write: boolean;
}

export interface Target5Report {
  target: 5;
  project: { dir: string; name: string | null; version: string | null };
  express: ExpressRequest;
  /** Every change found, in file and line order; `edit` is set where `--write` rewrites it. */
  findings: Express5Finding[];
  /** The mechanical rewrites as a unified diff (paths relative to the project). */
  diff: string;
  /** The files `--write` rewrote (empty without it). */
  written: string[];
  run: TestRunReport | null;
  /** What is left to look at: findings without a rewrite (or all of them without --write), tests that change. */
  problems: string[];
}

/** Reads the project in `options.dir` for Express 5, rewrites with `write`, runs the tests with `run`. */
export async function diagnoseTarget5(options: Target5Options): Promise<Target5Report> {
  const dir = options.dir;
  const pkg = readPackageJson(dir);
  if (!pkg) throw new Error(`no package.json in ${dir}`);
  options.progress?.('reading the project\'s sources for Express 5');
  const findings = findExpress5Changes(dir, sourceFiles(dir));
  const byFile = new Map<string, Express5Finding[]>();
  for (const f of findings) if (f.edit) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  let diff = '';
  const written: string[] = [];
  for (const [file, fixes] of byFile) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const edits = fixes.map((f) => f.edit).filter((e) => e !== null);
    diff += unifiedDiff(file.split('\\').join('/'), text, edits);
    if (options.write) {
      writeFileSync(path, applyEdits(text, edits));
      written.push(file);
    }
  }
  // The tests run on the project as it is now: after --write, on the rewritten files.
  const packages = options.run === undefined ? [] : listInstalledPackages(dir);
  const run = options.run === undefined ? null : await runBothWays(dir, options.run, expressInstallPaths(dir, packages), options, 5);
  const problems = findings.filter((f) => !(options.write && f.edit)).map((f) => `${f.file}:${f.line} ${f.kind}: ${f.message}`);
  for (const c of run?.changed ?? []) problems.push(`test "${c.test}": ${c.asIs} on Portico (Express 4 API), ${c.onPortico} on portico/5`);
  if (run && run.changed.length === 0 && !run.same) problems.push(run.verdict);
  if (run && run.replaced.length === 0) problems.push('no installed express was found to replace (run npm install first): both runs used the same code');
  return {
    target: 5,
    project: { dir, name: pkg.name ?? null, version: pkg.version ?? null },
    express: expressRequest(dir, pkg),
    findings,
    diff,
    written,
    run,
    problems,
  };
}
