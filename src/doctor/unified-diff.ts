/**
 * Applies non-overlapping text edits to a file and shows them as a unified diff (`diff -u`, three
 * lines of context), which `git apply` and `patch -p1` accept.
 */
import type { Edit } from './express5-scan';

/** The text with `edits` applied; overlapping edits keep the first one (by offset). */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < at) continue;
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

const CONTEXT = 3;

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line holding `offset`. */
function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A unified diff of the `edits` to `text`, for `file`: each group of edits on the same lines is one
 * change (the old lines, then those lines rewritten), with three lines of context around it.
 */
export function unifiedDiff(file: string, text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start).filter((e, k, all) => k === 0 || e.start >= all[k - 1].end);
  if (sorted.length === 0) return '';
  const starts = lineStarts(text);
  const old = text.split('\n');
  // A final newline ends the last line; it does not start another one.
  const lineCount = text.endsWith('\n') ? old.length - 1 : old.length;
  // Changes: runs of old lines [from, to] and the lines that replace them.
  const changes: Array<{ from: number; to: number; lines: string[] }> = [];
  for (let k = 0; k < sorted.length;) {
    const from = lineOf(starts, sorted[k].start);
    let to = lineOf(starts, sorted[k].end);
    let last = k;
    while (last + 1 < sorted.length && lineOf(starts, sorted[last + 1].start) <= to) {
      last++;
      to = Math.max(to, lineOf(starts, sorted[last].end));
    }
    const endOffset = to + 1 < starts.length ? starts[to + 1] - 1 : text.length;
    const region = text.slice(starts[from], endOffset);
    const shifted = sorted.slice(k, last + 1).map((e) => ({ ...e, start: e.start - starts[from], end: e.end - starts[from] }));
    changes.push({ from, to, lines: applyEdits(region, shifted).split('\n') });
    k = last + 1;
  }
  const out: string[] = [`--- a/${file}`, `+++ b/${file}`];
  let delta = 0;
  for (let c = 0; c < changes.length;) {
    let last = c;
    while (last + 1 < changes.length && changes[last + 1].from - changes[last].to - 1 <= 2 * CONTEXT) last++;
    const first = Math.max(0, changes[c].from - CONTEXT);
    const end = Math.min(lineCount - 1, changes[last].to + CONTEXT);
    const body: string[] = [];
    let added = 0;
    let cursor = first;
    for (let k = c; k <= last; k++) {
      for (; cursor < changes[k].from; cursor++) body.push(` ${old[cursor]}`);
      for (let x = changes[k].from; x <= changes[k].to; x++) body.push(`-${old[x]}`);
      for (const l of changes[k].lines) body.push(`+${l}`);
      added += changes[k].lines.length - (changes[k].to - changes[k].from + 1);
      cursor = changes[k].to + 1;
    }
    for (; cursor <= end; cursor++) body.push(` ${old[cursor]}`);
    const oldCount = end - first + 1;
    out.push(`@@ -${first + 1},${oldCount} +${first + 1 + delta},${oldCount + added} @@`, ...body);
    delta += added;
    c = last + 1;
  }
  return out.join('\n') + '\n';
}
