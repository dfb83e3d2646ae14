// The check of a "wrongly accepted" file of a type corpus: compiled against Portico's types, exactly the
// lines marked `// wrongly accepted:` must be reported as errors, and nothing else.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** Asserts that `output` (of tsc) reports errors in `file` on exactly its marked lines, and no other error; at least `minimum` lines are marked. */
export function assertOnlyMarkedLinesRejected(file: string, output: string, minimum: number): void {
  const name = basename(file).replace(/\./g, '\\.');
  const marked = readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (/\/\/ wrongly accepted:/.test(line) ? [i + 1] : []));
  const reported = [...output.matchAll(new RegExp(`${name}\\((\\d+),\\d+\\): error`, 'g'))].map((m) => Number(m[1]));
  assert.ok(marked.length >= minimum, 'the marked lines were found');
  assert.deepEqual([...new Set(reported)].sort((a, b) => a - b), marked, output);
  const others = output.replace(new RegExp(`^.*${name}\\(\\d+,\\d+\\): error.*$`, 'gm'), '').replace(/^\s+.*$/gm, '');
  assert.doesNotMatch(others, /error TS/, output);
}
