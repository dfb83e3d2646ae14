import { join } from 'node:path';
import { DEPENDENCY_FIELDS, readPackageJson, type DependencyField, type PackageJson } from './package-json';

/** What a project asks for as `express`, and what Portico offers it. */
export interface ExpressRequest {
  /** The range in package.json, or null when the project does not name express. */
  range: string | null;
  field: DependencyField | null;
  /** The version installed in node_modules/express, if any. */
  installed: string | null;
  /** The major version the range (or, when the range says nothing, the installed copy) means. */
  major: number | null;
  /** `portico` for 4.x, `portico/legacy` for 3.x, `out-of-scope` for 5.x and later. */
  target: 'portico' | 'portico/legacy' | 'out-of-scope' | 'unknown';
}

/** The major version a semver range starts from (`^4.17.1` → 4, `npm:express@~3.21` → 3), or null. */
export function majorOfRange(range: string): number | null {
  const spec = range.replace(/^npm:express@/, '').trim();
  const match = /^(?:[~^]|>=?|=|v)?\s*(\d+)(?:\.|$|\s|-)|^(\d+)\.x/.exec(spec);
  if (!match) return null;
  return Number(match[1] ?? match[2]);
}

function targetFor(major: number | null): ExpressRequest['target'] {
  if (major === null) return 'unknown';
  if (major <= 3) return 'portico/legacy';
  if (major === 4) return 'portico';
  return 'out-of-scope';
}

/** Reads what `projectDir` asks for as express. */
export function expressRequest(projectDir: string, pkg: PackageJson | undefined): ExpressRequest {
  let range: string | null = null;
  let field: DependencyField | null = null;
  for (const f of DEPENDENCY_FIELDS) {
    const r = pkg?.[f]?.express;
    if (typeof r === 'string') {
      range = r;
      field = f;
      break;
    }
  }
  const installed = readPackageJson(join(projectDir, 'node_modules', 'express'))?.version ?? null;
  const fromRange = range === null ? null : majorOfRange(range);
  const fromInstalled = installed === null ? null : majorOfRange(installed);
  const major = fromRange ?? fromInstalled;
  return { range, field, installed, major, target: targetFor(major) };
}
