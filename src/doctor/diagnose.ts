import { join } from 'node:path';
import { compatibilityOf } from './compatibility-data';
import { compareRuns, type Comparison } from './compare-outcomes';
import { expressRequest, majorOfRange, type ExpressRequest } from './express-version';
import { expressInstallPaths, listInstalledPackages, type InstalledPackage } from './installed-tree';
import { nodeVersionReport, type NodeVersionReport } from './node-version';
import { readPackageJson } from './package-json';
import { porticoLibModules, type StagedFlavour } from './portico-package';
import { copyProject, replaceExpress } from './project-copy';
import { runCommand } from './run-command';
import { ScratchSpace } from './scratch-space';
import { findDeepImports, findInternals, sourceFiles, type DeepImport, type InternalHit } from './source-scan';

export interface DoctorOptions {
  /** The project folder (holding package.json). */
  dir: string;
  /** The test command for `--run`, or undefined for the static report only. */
  run?: string;
  /** Per run of the test command. */
  timeoutMs: number;
  /** Progress lines (to stderr), so that a long `--run` shows where it is. */
  progress?: (line: string) => void;
}

export interface DependentPackage {
  name: string;
  version: string;
  path: string;
  /** How it asks for express, if it does (a tested middleware may not). */
  expressRange: string | null;
  status: 'tested' | 'care' | 'unknown';
  testedVersion: string | null;
  evidence: string | null;
  note: string | null;
}

export interface TestRunReport extends Comparison {
  command: string;
  /** What each installed express became in the second copy. */
  replaced: Array<{ path: string; version: string | null; as: StagedFlavour | 'left-alone' }>;
}

export interface DoctorReport {
  project: { dir: string; name: string | null; version: string | null };
  express: ExpressRequest;
  node: NodeVersionReport;
  expressCopies: Array<{ path: string; version: string }>;
  dependents: DependentPackage[];
  deepImports: { app: DeepImport[]; dependencies: DeepImport[] };
  internals: { app: InternalHit[]; dependencies: InternalHit[] };
  run: TestRunReport | null;
  /** Things that would not work, or that `--run` saw change: empty when the project looks ready. */
  problems: string[];
}

function dependentOf(p: InstalledPackage): DependentPackage {
  const known = compatibilityOf(p.name, p.version);
  const entry = known?.entry;
  return {
    name: p.name,
    version: p.version,
    path: p.path,
    expressRange: p.express?.range ?? null,
    status: entry && known.sameLine ? entry.status : 'unknown',
    testedVersion: entry?.version ?? null,
    evidence: entry?.evidence ?? null,
    note: entry && !known.sameLine ? `only ${entry.version} is tested` : entry?.note ?? null,
  };
}

function problemsOf(report: Omit<DoctorReport, 'problems'>): string[] {
  const problems: string[] = [];
  if (report.express.target === 'out-of-scope') problems.push(`express ${report.express.range ?? report.express.installed} is 5.x or later: out of Portico's scope (Express 4 and 3 only)`);
  if (!report.node.supported) problems.push(`Node ${report.node.running} is older than Portico supports (18 and later)`);
  for (const d of [...report.deepImports.app, ...report.deepImports.dependencies]) {
    if (!d.supported) problems.push(`${d.file}:${d.line} imports express/${d.module}, which Portico does not provide`);
  }
  // One line per internal and file: a file that reads req._parsedUrl ten times is one thing to look at.
  const seen = new Set<string>();
  for (const i of [...report.internals.app, ...report.internals.dependencies]) {
    if (i.supported || seen.has(`${i.name}\0${i.file}`)) continue;
    seen.add(`${i.name}\0${i.file}`);
    problems.push(`${i.file}:${i.line} uses ${i.name}: ${i.note}`);
  }
  for (const c of report.run?.changed ?? []) problems.push(`test "${c.test}": ${c.asIs} as is, ${c.onPortico} on Portico`);
  if (report.run && report.run.changed.length === 0 && !report.run.same) problems.push(report.run.verdict);
  if (report.run && report.run.asIs.format === 'exit-code' && (report.run.asIs.exitCode !== 0 || report.run.asIs.timedOut)) {
    problems.push('the test command fails as is, and its output names no tests: the comparison says little (check the command)');
  }
  if (report.run && report.run.replaced.length === 0) problems.push('no installed express was found to replace (run npm install first): both runs used the same code');
  return problems;
}

/**
 * Runs the test command in two copies of the project and compares them; never touches `dir`. With
 * `target` 4: the project as is, then with Portico as express. With `target` 5: with Portico as
 * express, then with portico/5 as express, so that only the move to the Express 5 API differs.
 */
export async function runBothWays(dir: string, command: string, expressDirs: string[], options: DoctorOptions, target: 4 | 5 = 4): Promise<TestRunReport> {
  const scratch = new ScratchSpace();
  try {
    const firstDir = scratch.path(target === 4 ? 'as-is' : 'on-portico');
    const secondDir = scratch.path(target === 4 ? 'on-portico' : 'on-portico-5');
    const names = target === 4 ? { before: 'as is', after: 'on Portico' } : { before: 'on Portico (Express 4 API)', after: 'on portico/5' };
    const relativeDirs = expressDirs.map((d) => d.slice(dir.length + 1));
    const withVersions = relativeDirs.map((rel) => {
      const version = readPackageJson(join(dir, rel))?.version ?? null;
      return { rel, version, major: version === null ? null : majorOfRange(version) };
    });
    const copy = (to: string, as: 4 | 5 | null): Array<StagedFlavour | 'left-alone'> => {
      options.progress?.(`copying the project to ${to}${as === null ? '' : ` and replacing express with ${as === 4 ? 'Portico' : 'portico/5'}`}`);
      copyProject(dir, to);
      if (as === null) return [];
      return replaceExpress(withVersions.map((w) => ({ dir: join(to, w.rel), major: w.major })), scratch.path(`staged-for-${as}`), as).map((r) => r.as);
    };
    copy(firstDir, target === 4 ? null : 4);
    const replaced = copy(secondDir, target);
    options.progress?.(`running \`${command}\` ${names.before}`);
    const first = await runCommand(command, firstDir, scratch, options.timeoutMs);
    options.progress?.(`running \`${command}\` ${names.after}`);
    const second = await runCommand(command, secondDir, scratch, options.timeoutMs);
    return {
      command,
      replaced: replaced.map((as, i) => ({ path: withVersions[i].rel, version: withVersions[i].version, as })),
      ...compareRuns(first, second, names),
    };
  } finally {
    scratch.dispose();
  }
}

/** Examines the project in `options.dir` and, with `options.run`, runs its tests both ways. */
export async function diagnose(options: DoctorOptions): Promise<DoctorReport> {
  const dir = options.dir;
  const pkg = readPackageJson(dir);
  if (!pkg) throw new Error(`no package.json in ${dir}`);
  const packages = listInstalledPackages(dir);
  const expressDirs = expressInstallPaths(dir, packages);
  const expressCopies = packages.filter((p) => expressDirs.includes(join(dir, p.path))).map((p) => ({ path: p.path, version: p.version }));
  const dependents = packages.filter((p) => p.express !== undefined || compatibilityOf(p.name, p.version) !== undefined).map(dependentOf);
  const libModules = porticoLibModules();
  options.progress?.('reading the project\'s sources');
  const appFiles = sourceFiles(dir);
  const dependencyFiles = packages.filter((p) => p.name !== 'express' && p.name !== 'portico').flatMap((p) => sourceFiles(join(dir, p.path)));
  const dependentFiles = packages.filter((p) => p.express !== undefined).flatMap((p) => sourceFiles(join(dir, p.path)));
  const partial: Omit<DoctorReport, 'problems'> = {
    project: { dir, name: pkg.name ?? null, version: pkg.version ?? null },
    express: expressRequest(dir, pkg),
    node: nodeVersionReport(dir, pkg),
    expressCopies,
    dependents,
    deepImports: { app: findDeepImports(dir, appFiles, libModules), dependencies: findDeepImports(dir, dependencyFiles, libModules) },
    internals: { app: findInternals(dir, appFiles), dependencies: findInternals(dir, dependentFiles) },
    run: options.run === undefined ? null : await runBothWays(dir, options.run, expressDirs, options),
  };
  return { ...partial, problems: problemsOf(partial) };
}
