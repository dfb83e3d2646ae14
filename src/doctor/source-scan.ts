import { readFileSync, statSync } from 'node:fs';
import { folderEntries } from './folder-entries';
import { join, relative } from 'node:path';
import { INTERNALS } from './internals-data';
import { lineAt } from './code-text';

/** One place in a file. */
export interface SourceHit {
  /** Relative to the project. */
  file: string;
  line: number;
  text: string;
}

export interface DeepImport extends SourceHit {
  /** `lib/router/layer` (without `.js`). */
  module: string;
  /** Whether Portico answers to `express/<module>` (its `exports` map names it). */
  supported: boolean;
}

export interface InternalHit extends SourceHit {
  name: string;
  supported: boolean;
  note: string;
}

const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'coverage', '.nyc_output', '.cache']);
/** Bigger files are bundles or generated code; reading them costs more than it finds. */
const MAX_FILE_BYTES = 1_000_000;
const DEEP_IMPORT = /(['"`])express\/(lib(?:\/[\w.-]+)+)\1/g;

/** The source files under `dir`, skipping node_modules, VCS and coverage folders. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of folderEntries(d)) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const full = join(d, name);
      let st;
      try {
        st = statSync(full);
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.min.js') && st.size <= MAX_FILE_BYTES) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/** Scans `files` for `express/lib/…` module names; `libModules` are the ones Portico exports. */
export function findDeepImports(projectDir: string, files: readonly string[], libModules: ReadonlySet<string>): DeepImport[] {
  const hits: DeepImport[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('express/lib')) continue;
    for (const m of text.matchAll(DEEP_IMPORT)) {
      const module = m[2].replace(/\.js$/, '');
      hits.push({ file: relative(projectDir, file), ...lineAt(text, m.index ?? 0), module, supported: libModules.has(module) });
    }
  }
  return hits;
}

/** Scans `files` for the internals of internals-data.ts. */
export function findInternals(projectDir: string, files: readonly string[]): InternalHit[] {
  const hits: InternalHit[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const use of INTERNALS) {
      for (const m of text.matchAll(use.pattern)) {
        hits.push({ file: relative(projectDir, file), ...lineAt(text, m.index ?? 0), name: use.name, supported: use.supported, note: use.note });
      }
    }
  }
  return hits;
}
