/**
 * The Express 5 route path compiler (router 2 with path-to-regexp 8 syntax): a string, a RegExp,
 * or an array of these, compiled once at registration into keys and a linear-time `exec`.
 * Not reachable from a public entry yet.
 */
import type { CompiledPattern, PatternKey, PatternOptions } from './compiled-pattern';
import { parse5, slotCount, PathError, type Token5 } from './express5-parse';
import { buildProgram, type Program } from './linear-program';
import { canonicalCaseless, identity, runProgram } from './linear-vm';
import { nativePattern5, type NativePattern } from './express5-native';

export { PathError } from './express5-parse';

/** The path forms an Express 5 route or middleware accepts. */
export type PathPattern5 = string | RegExp | PathPattern5[];

/** Compiles an Express 5 path. Throws PathError (a TypeError) for an invalid string pattern. */
export function compilePathPattern5(path: PathPattern5, options: PatternOptions = {}): CompiledPattern {
  // Nested arrays are one list of alternatives (router 2 flattens them), numbered as `part`.
  if (Array.isArray(path)) return either(((path as unknown[]).flat(Infinity) as PathPattern5[]).map((p) => compilePathPattern5(p, options)));
  if (path instanceof RegExp) return compileRegExp(path);
  return compileString(String(path), options);
}

function compileString(raw: string, options: PatternOptions): CompiledPattern {
  // Without strict routing, trailing slashes of the pattern are dropped and one in the path is optional.
  const path = options.strict || raw === '/' ? raw : raw.replace(/\/+$/, '');
  const tokens = parse5(path);
  const count = slotCount(tokens);
  const native = nativePattern5(tokens, options);
  if (native !== undefined) return { regexp: native.regexp, keys: keysOf(tokens), exec: nativeExec(native, count) };
  const canon = options.sensitive ? identity : canonicalCaseless;
  const program = buildProgram(tokens, path, { end: options.end !== false, trailing: !options.strict, canon });
  // Express 5 writes out every way of taking the optional groups, and refuses a path with too many.
  if (alternativeCount(tokens) > MAX_ALTERNATIVES) throw new PathError('Too many path combinations', path);
  const keys = keysOf(tokens);
  const exec = (input: string): Array<string | undefined> | null => {
    const found = matchProgram(program, count, input, canon);
    if (found === null) return null;
    const out: Array<string | undefined> = [input.slice(0, found.end)];
    for (let k = 0; k < count; k++) {
      const from = found.slots[2 * k];
      out.push(from === -1 ? undefined : input.slice(from, found.slots[2 * k + 1]));
    }
    return out;
  };
  return { keys, exec };
}

/** Runs a native pattern; with several alternatives, each capture goes to its key's place. */
function nativeExec(native: NativePattern, count: number): CompiledPattern['exec'] {
  const { regexp, slots } = native;
  if (native.direct) return (input) => regexp.exec(input);
  return (input) => {
    const m = regexp.exec(input);
    if (m === null) return null;
    const out = new Array<string | undefined>(count + 1).fill(undefined);
    out[0] = m[0];
    for (let g = 1; g < m.length; g++) if (m[g] !== undefined) out[slots[g - 1] + 1] = m[g];
    return out;
  };
}

/**
 * Express 5 tries the alternatives of the optional groups as a whole, each group with it before
 * without it, in writing order; so a group is included when some match includes it, given the
 * choices already made. One linear run per group decides it, a last one finds the values.
 */
function matchProgram(program: Program, count: number, input: string, canon: (code: number) => number): ReturnType<typeof runProgram> {
  const choice = new Int8Array(program.groups.length);
  if (choice.length > 0) {
    if (runProgram(program.code, program.start, count, input, canon, choice, false) === null) return null;
    for (const { group, parent } of program.groups) {
      if (parent !== -1 && choice[parent] === 2) continue;
      choice[group] = 1;
      if (runProgram(program.code, program.start, count, input, canon, choice, false) === null) choice[group] = 2;
    }
  }
  return runProgram(program.code, program.start, count, input, canon, choice);
}

const MAX_ALTERNATIVES = 256;

/** How many alternatives the optional groups make (capped just past the limit: it only has to be exceeded). */
function alternativeCount(tokens: Token5[]): number {
  let n = 1;
  for (const t of tokens) if (t.type === 'group') n = Math.min(n * (alternativeCount(t.tokens) + 1), MAX_ALTERNATIVES + 1);
  return n;
}

function keysOf(tokens: Token5[]): PatternKey[] {
  const keys: PatternKey[] = [];
  collectKeys(tokens, keys);
  return keys;
}

function collectKeys(tokens: Token5[], keys: PatternKey[], optional = false): void {
  for (const t of tokens) {
    if (t.type === 'group') collectKeys(t.tokens, keys, true);
    else if (t.type !== 'text') keys.push(t.type === 'wildcard' ? { name: t.name, optional, splat: true } : { name: t.name, optional });
  }
}

/**
 * An application's RegExp runs as it is. Its keys follow Express 5: each `(` not followed by `?`
 * counts as an unnamed group (numbered from 0, even when escaped or in a class), `(?<name>` is
 * named, other `(?` groups do not count.
 */
function compileRegExp(regexp: RegExp): CompiledPattern {
  const keys: PatternKey[] = [];
  let unnamed = 0;
  const source = regexp.source;
  for (let i = source.indexOf('('); i !== -1; i = source.indexOf('(', i + 1)) {
    if (source[i + 1] !== '?') keys.push({ name: unnamed++, optional: false });
    else {
      const named = /^\?<([^>=!][^>]*)>/.exec(source.slice(i + 1));
      if (named) keys.push({ name: named[1], optional: false });
    }
  }
  return { regexp, keys, exec: (input) => regexp.exec(input) };
}

/** The answer of an array path says which of its (flattened) elements matched. */
export type MatchedPart = Array<string | undefined> & { part?: number };

/** An array: the first element that matches answers, its values placed at its own keys' offsets. */
function either(parts: CompiledPattern[]): CompiledPattern {
  const keys = parts.flatMap((p) => p.keys);
  const exec = (input: string): Array<string | undefined> | null => {
    let offset = 0;
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index];
      const m = part.exec(input);
      if (m !== null) {
        const out = new Array<string | undefined>(keys.length + 1).fill(undefined);
        out[0] = m[0];
        for (let k = 1; k < m.length; k++) out[offset + k] = m[k];
        (out as MatchedPart).part = index;
        return out;
      }
      offset += part.keys.length;
    }
    return null;
  };
  return { keys, exec };
}

/**
 * `req.params` as Express 5 builds it from a match: keys that took no part are absent (not
 * `undefined`), a wildcard's value is the array of its `/`-separated segments, each value
 * decoded by `decode` (which throws the 400 URIError for a malformed escape). `bare`: an object
 * without a prototype, as Express 5 gives for a string path (a RegExp's params are plain).
 */
export function paramsOf5(keys: PatternKey[], m: ArrayLike<string | undefined>, decode: (v: string) => string, bare: boolean): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = bare ? (Object.create(null) as Record<string, string | string[]>) : {};
  for (let k = 0; k < keys.length; k++) {
    const value = m[k + 1];
    if (value === undefined) continue;
    const key = keys[k];
    params[key.name] = key.splat ? value.split('/').map(decode) : decode(value);
  }
  return params;
}
