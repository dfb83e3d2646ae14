/**
 * Reads which tests passed, failed or were skipped from a test runner's plain-text output:
 * TAP (node:test's tap reporter, tap, tape), node:test's spec reporter, mocha's spec reporter and
 * jest's default reporter. Nested suites give names joined with ' > '. When none of these is
 * recognised, the run is judged by its exit code alone.
 */
export type Outcome = 'pass' | 'fail' | 'skip';
export type OutputFormat = 'tap' | 'node-spec' | 'mocha' | 'jest' | 'exit-code';

export interface ParsedOutcomes {
  format: OutputFormat;
  /** Test name → outcome, in the order seen. Repeated names get ` (2)`, ` (3)`… */
  tests: Map<string, Outcome>;
}

// Colour codes start with the ESC control character, which is exactly what this must match.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
const SEPARATOR = ' > ';

/** Names with a stack of enclosing suites kept by indentation. */
class NameStack {
  private readonly stack: Array<{ indent: number; name: string }> = [];
  push(indent: number, name: string): void {
    this.popTo(indent);
    this.stack.push({ indent, name });
  }
  /** The full name of a test at `indent`, inside the suites that are less indented. */
  full(indent: number, name: string): string {
    this.popTo(indent);
    return [...this.stack.map((s) => s.name), name].join(SEPARATOR);
  }
  private popTo(indent: number): void {
    while (this.stack.length > 0 && this.stack[this.stack.length - 1].indent >= indent) this.stack.pop();
  }
}

class Collector {
  readonly tests = new Map<string, Outcome>();
  add(name: string, outcome: Outcome): void {
    let key = name.trim();
    for (let n = 2; this.tests.has(key); n++) key = `${name.trim()} (${n})`;
    this.tests.set(key, outcome);
  }
  /** Drops entries that are suites: names that are the prefix of another entry's name. */
  leavesOnly(): Map<string, Outcome> {
    const names = [...this.tests.keys()];
    const out = new Map<string, Outcome>();
    for (const [name, outcome] of this.tests) {
      if (!names.some((other) => other.startsWith(name + SEPARATOR))) out.set(name, outcome);
    }
    return out;
  }
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

function parseTap(lines: readonly string[]): Map<string, Outcome> {
  const names = new NameStack();
  const c = new Collector();
  for (const line of lines) {
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      names.push(subtest[1].length, subtest[2]);
      continue;
    }
    const result = /^(\s*)(not ok|ok)\b(?:\s+\d+)?\s*(?:-\s*)?(.*?)\s*(?:#\s*(SKIP|TODO)\b.*)?$/i.exec(line);
    if (!result) continue;
    const indent = result[1].length;
    const outcome: Outcome = result[4] ? 'skip' : result[2].toLowerCase() === 'ok' ? 'pass' : 'fail';
    // The closing line of a subtest repeats its name one level out: the suite name, not a child.
    c.add(names.full(indent, result[3] || '(unnamed)'), outcome);
  }
  return c.leavesOnly();
}

function parseNodeSpec(lines: readonly string[]): Map<string, Outcome> {
  const names = new NameStack();
  const c = new Collector();
  for (const line of lines) {
    if (/^\s*✖ failing tests:/.test(line)) break; // the summary repeats the failures
    const suite = /^(\s*)▶ (.*)$/.exec(line);
    if (suite) {
      names.push(suite[1].length, suite[2].replace(/\s*\([\d.]+m?s\)$/, ''));
      continue;
    }
    const m = /^(\s*)([✔✖﹣])\s+(.*?)(?:\s*\([\d.]+m?s\))?(\s*#\s*(?:SKIP|TODO).*)?$/.exec(line);
    if (!m) continue;
    const outcome: Outcome = m[4] || m[2] === '﹣' ? 'skip' : m[2] === '✔' ? 'pass' : 'fail';
    c.add(names.full(m[1].length, m[3]), outcome);
  }
  return c.leavesOnly();
}

function parseMocha(lines: readonly string[]): Map<string, Outcome> {
  const names = new NameStack();
  const c = new Collector();
  // An error a test printed may end with its own properties in braces (`code: 'ENOTFOUND',` …
  // `hostname: 'github.com'` then `}`): those lines are not titles either.
  let inErrorObject = false;
  for (const line of lines) {
    if (/^\s*\d+ passing \(/.test(line)) break; // then come the summary and the failure details
    if (line.trim() === '') continue;
    if (inErrorObject) {
      if (/^\s*\}\s*$/.test(line)) inErrorObject = false;
      continue;
    }
    if (/\{\s*$/.test(line) && (/^\s+at\s/.test(line) || /^\s*(?:\w*Error\b|Uncaught\b)/.test(line))) {
      inErrorObject = true;
      continue;
    }
    const indent = indentOf(line);
    const pass = /^\s*[✓✔]\s+(.*?)(?:\s+\(\d+ms\))?$/.exec(line);
    const fail = /^\s*\d+\) (.*)$/.exec(line);
    const pending = /^\s*- (.*)$/.exec(line);
    if (pass) c.add(names.full(indent, pass[1]), 'pass');
    else if (fail) c.add(names.full(indent, fail[1]), 'fail');
    else if (pending) c.add(names.full(indent, pending[1]), 'skip');
    // A describe() title; stack frames and error lines that a test printed to stderr (interleaved
    // with the reporter's stdout, in an order that varies from run to run) are not titles.
    else if (indent >= 2 && !/^\s+at\s/.test(line) && !/^\s*(?:\w*Error\b|Uncaught\b)/.test(line)) names.push(indent, line.trim());
  }
  return c.leavesOnly();
}

function parseJest(lines: readonly string[]): Map<string, Outcome> {
  const c = new Collector();
  const names = new NameStack();
  let file = '';
  const perFile = new Collector();
  let perTest = false;
  for (const line of lines) {
    const fileLine = /^\s*(PASS|FAIL)\s+(\S+)/.exec(line);
    if (fileLine) {
      file = fileLine[2];
      perFile.add(file, fileLine[1] === 'PASS' ? 'pass' : 'fail');
      names.push(-1, file);
      continue;
    }
    if (/^\s*Summary of all failing tests/.test(line) || /^Tests:\s/.test(line)) break;
    const m = /^(\s*)([✓✔✕✗○])\s+(?:skipped\s+|todo\s+)?(.*?)(?:\s+\(\d+(?:\.\d+)? ?m?s\))?$/.exec(line);
    if (m) {
      perTest = true;
      const outcome: Outcome = m[2] === '○' ? 'skip' : m[2] === '✕' || m[2] === '✗' ? 'fail' : 'pass';
      c.add(names.full(m[1].length, m[3]), outcome);
      continue;
    }
    if (file && /^\s{2,}\S/.test(line) && !/^\s*●/.test(line) && !/^\s{6,}/.test(line)) names.push(indentOf(line), line.trim());
  }
  return perTest ? c.leavesOnly() : perFile.tests;
}

/** Recognises the runner from its output and reads the outcomes. */
export function parseTestOutput(raw: string): ParsedOutcomes {
  const text = raw.replace(ANSI, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (/^\s*(PASS|FAIL)\s+\S+/m.test(text) && /^Tests:\s+/m.test(text)) return { format: 'jest', tests: parseJest(lines) };
  if (/^\s*(?:not ok|ok)\s+\d+/m.test(text)) return { format: 'tap', tests: parseTap(lines) };
  if (/^ℹ tests \d+/m.test(text)) return { format: 'node-spec', tests: parseNodeSpec(lines) };
  if (/^\s*\d+ passing \(/m.test(text)) return { format: 'mocha', tests: parseMocha(lines) };
  return { format: 'exit-code', tests: new Map() };
}
