// What the scripts that run an upstream package's own test suite against Portico share
// (run-express5-suite.mjs, run-serve-static5-suite.mjs): their command line, and a scratch folder
// holding the suite as `git archive` writes it from a clone or bare mirror.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Reads `--repo <dir>` (or the `envVar` variable), `--ref <rev>` (default `defaultRef`), `--keep` and,
 * after `--`, the arguments for mocha. `entry` is the built module under dist/ the suite is run on:
 * missing, it asks for `npm run build` first.
 */
export function suiteOptions(script, { envVar, defaultRef, entry, what }) {
  const args = process.argv.slice(2);
  const dashes = args.indexOf('--');
  const own = dashes === -1 ? args : args.slice(0, dashes);
  const option = (name, fallback) => {
    const i = own.indexOf(name);
    return i === -1 ? fallback : own[i + 1];
  };
  const repo = option('--repo', process.env[envVar]);
  if (!repo) throw new Error(script + ': pass --repo <path of ' + what + ' clone or mirror>');
  const entryPath = join(resolve(import.meta.dirname, '..', '..'), 'dist', ...entry);
  if (!existsSync(entryPath)) throw new Error(script + ': ' + entryPath + ' is missing; run `npm run build` first');
  return {
    repo,
    ref: option('--ref', defaultRef),
    keep: own.includes('--keep'),
    mochaExtra: dashes === -1 ? [] : args.slice(dashes + 1),
    entry: entryPath,
  };
}

/** Runs `body(work)` in a scratch folder holding `ref` of `repo`, then removes it unless `keep`. */
export function withSuiteCheckout(script, { repo, ref, keep }, body) {
  const work = mkdtempSync(join(tmpdir(), script + '-'));
  try {
    const archive = execFileSync('git', ['-C', repo, 'archive', ref], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', work], { input: archive });
    body(work);
  } finally {
    if (keep) console.log(script + ': the suite is in ' + work);
    else rmSync(work, { recursive: true, force: true });
  }
}
