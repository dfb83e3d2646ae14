// What a result depends on besides the code: package versions, Node, the machine, the commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { FRAMEWORKS, ROOT_DIR } from './frameworks.mjs';
import { defaultLoadGenerator } from './load.mjs';
import { wrkVersion } from './wrk.mjs';

/** Version of an installed package, read from its package.json (aliases resolve to the real version). */
function installedVersion(name) {
  try {
    const pkg = JSON.parse(readFileSync(join(ROOT_DIR, 'node_modules', name, 'package.json'), 'utf8'));
    return pkg.version;
  } catch {
    return 'not installed';
  }
}

/** The current commit (short), or null outside a git checkout. */
function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/**
 * Describes the machine and software a run measured, including the load generator (`wrk` or
 * `autocannon`; by default the one a run would pick) and its version, since it bounds the numbers.
 */
export function describeEnvironment(load = defaultLoadGenerator()) {
  const own = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8'));
  const packages = { portico: own.version, autocannon: installedVersion('autocannon') };
  for (const framework of FRAMEWORKS) {
    for (const name of framework.packages) packages[name] = installedVersion(name);
  }
  const list = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpuModel: list.length > 0 ? list[0].model.trim() : 'unknown',
    nproc: typeof availableParallelism === 'function' ? availableParallelism() : list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    // Other work on the machine shows up directly in the numbers; record how busy it was.
    loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
    commit: gitCommit(),
    // wrk comes from the distribution, not npm: its version is what `wrk --version` names.
    loadGenerator: { name: load, version: load === 'wrk' ? wrkVersion() : packages.autocannon },
    packages,
  };
}
