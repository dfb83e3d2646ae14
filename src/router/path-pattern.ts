/**
 * Compiles an Express 4 route path (string pattern, RegExp or array of these) into one RegExp
 * plus the list of its parameter keys, once, at registration.
 *
 * String syntax, as Express 4 users write it:
 *   `:name` (optionally preceded by `/` and/or `.`), then optionally `(capture)`, `*`, `?`;
 *   `*` matches anything (an unnamed parameter); `.` is a literal dot; `/(` opens a non-capturing group;
 *   every other character is regular-expression source as written (`+`, `?`, `(…)`, `[…]`).
 *
 * Linear-time matching, with exactly Express's matches and parameters: a parameter written after
 * literal text (not after `/` or `.`) may not contain that text, as in Express 4.22, which keeps
 * `/:a-:b-:c` linear against a long run of dashes; a parameter right before another bare one is
 * one character long; a `*` right after another `*` and literal text cannot trade characters
 * with the first (see `starGroup`). Whatever could still backtrack polynomially is run by the
 * memoising matcher (see `matcherFor`).
 */

import { compileSegmentParamMatcher } from './segment-param-matcher';
import type * as BacktrackingGuard from './backtracking-guard';
import { lazyModule } from '../http/lazy-module';

// The RegExp analysis and the memoising matcher load with the first pattern that needs a RegExp.
const loadBacktrackingGuard = lazyModule(() => require('./backtracking-guard') as typeof BacktrackingGuard);

/** One parameter of a compiled pattern: a name, or a number for unnamed groups. */
export interface PathKey {
  name: string | number;
  optional: boolean;
}

export interface PathPatternOptions {
  /** Case-sensitive matching (`case sensitive routing`). */
  sensitive?: boolean;
  /** Trailing slash significant (`strict routing`). */
  strict?: boolean;
  /** Match the whole path (routes) or only a prefix ending at a boundary (middleware). */
  end?: boolean;
  /** For prefixes: may the prefix also end before a `.` (the 3.x rule)? */
  dotBoundary?: boolean;
}

export interface CompiledPathPattern {
  regexp: RegExp;
  keys: PathKey[];
  /**
   * Matches a path as `regexp.exec` does. For the few patterns whose RegExp could backtrack
   * polynomially, a memoising matcher that gives the same answer in linear time.
   */
  exec: (path: string) => ArrayLike<string | undefined> | null;
}

/** The path forms a route or middleware accepts. */
export type PathPattern = string | RegExp | Array<string | RegExp | PathPattern[]>;

/** Compiles `path` into a RegExp and its keys (see the module comment for the syntax). */
export function compilePathPattern(path: PathPattern, options: PathPatternOptions = {}): CompiledPathPattern {
  const keys: PathKey[] = [];
  const regexp = compileInto(path, keys, options);
  return { regexp, keys, exec: onFirstCall(() => matcherFor(path, regexp)) };
}

/**
 * A matcher built when it is first used, not at registration: choosing it analyses the RegExp
 * (see `matcherFor`), and an app registers many routes of which a request tries few (the stack
 * index skips the rest), so start-up does not pay for routes nobody has asked for yet. Building
 * cannot fail: the RegExp it starts from is already compiled.
 */
function onFirstCall(build: () => CompiledPathPattern['exec']): CompiledPathPattern['exec'] {
  let exec: CompiledPathPattern['exec'] | undefined;
  return (input: string) => (exec ??= build())(input);
}

/**
 * The runtime's RegExp, unless the pattern is ours (a string or an array) and either has the
 * `/literal/:param` shape (then a string matcher, see segment-param-matcher.ts) or its RegExp could
 * backtrack polynomially: then the memoising matcher, when it can run that RegExp exactly.
 * An application's own RegExp is always used as it is (flags and all).
 */
function matcherFor(path: PathPattern, regexp: RegExp): CompiledPathPattern['exec'] {
  if (path instanceof RegExp) return (input: string): RegExpExecArray | null => regexp.exec(input);
  // A private copy for our own patterns: the layer marks its RegExp with Express's `fast_slash` and
  // `fast_star` properties, and V8 runs `exec` on a RegExp with added properties by its slow path.
  const own = new RegExp(regexp.source, regexp.flags);
  const runtime = (input: string): RegExpExecArray | null => own.exec(input);
  // `/literal/:param` (the usual route with a parameter) is matched without the RegExp engine.
  const direct = regexp.flags === 'i' || regexp.flags === '' ? compileSegmentParamMatcher(regexp.source, regexp.ignoreCase) : null;
  if (direct !== null) return direct;
  return loadBacktrackingGuard().memoisingMatcherFor(regexp.source, regexp.ignoreCase) ?? runtime;
}

function compileInto(path: PathPattern, keys: PathKey[], options: PathPatternOptions): RegExp {
  if (path instanceof RegExp) {
    keys.push(...capturingGroupsOf(path.source, true));
    return path;
  }
  if (Array.isArray(path)) {
    const sources = path.map((p) => compileInto(p as PathPattern, keys, options).source);
    return new RegExp(sources.join('|'), options.sensitive ? '' : 'i');
  }
  if (typeof path !== 'string') {
    throw new TypeError('path must be a string, array of strings, or regular expression');
  }
  const flags = options.sensitive ? '' : 'i';
  const start = keys.length;
  try {
    return new RegExp('^' + translateString(path, keys, options, true), flags);
  } catch {
    // An invalid pattern reports the RegExp Express would have built, not our bounded form.
    keys.length = start;
    return new RegExp('^' + translateString(path, keys, options, false), flags);
  }
}

/** Finds the capturing groups of regular-expression source, in order. */
function capturingGroupsOf(source: string, useGroupNames: boolean): PathKey[] {
  const found: PathKey[] = [];
  let counter = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '(') continue;
    if (source[i + 1] === '?') {
      const named = /^\?<([^>=!][^>]*)>/.exec(source.slice(i + 1));
      if (!named) continue;
      found.push({ name: useGroupNames ? named[1] : counter++, optional: false });
      continue;
    }
    found.push({ name: counter++, optional: false });
  }
  return found;
}

const PARAM = /^(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?/;

/** Translates the string syntax into regular-expression source, filling `keys` in group order. */
function translateString(path: string, keys: PathKey[], options: PathPatternOptions, bounded: boolean): string {
  const out = SEGMENTS_ONLY.test(path) ? segmentsSource(path, keys) : patternSource(path, keys, bounded);
  if (!options.strict) return withEnding(out + (out.endsWith('/') ? '?' : '/?'), options);
  return withEnding(out, options);
}

/** How the source of a whole path ends: `$` for a route, the end of a segment for middleware. */
function withEnding(out: string, options: PathPatternOptions): string {
  if (options.end !== false) return out + '$';
  if (out.endsWith('/')) return out;
  return out + (options.dotBoundary ? '(?=[/.]|$)' : '(?=/|$)');
}

/**
 * Literal segments and whole-segment parameters only (`/users/:id/posts`), the paths of most
 * routes: nothing in them is pattern syntax, so their source is put together segment by segment
 * (the general scan below gives the same source, character by character, at several times the cost
 * an app pays for each route it registers).
 */
const SEGMENTS_ONLY = /^(?:\/(?:[A-Za-z0-9_~-]+|:\w+))*\/?$/;

function segmentsSource(path: string, keys: PathKey[]): string {
  let out = '';
  let from = 0;
  for (let at = path.indexOf('/:'); at !== -1; at = path.indexOf('/:', from)) {
    let end = path.indexOf('/', at + 1);
    if (end === -1) end = path.length;
    out += path.slice(from, at) + '(?:/([^/]+?))';
    keys.push({ name: path.slice(at + 2, end), optional: false });
    from = end;
  }
  return out + path.slice(from);
}

/**
 * The source of any string path, read character by character.
 *
 * A parameter written without a leading `/` or `.` (`-:b` in `/:a-:b`) may not contain the text
 * that comes before it, so two adjacent parameters can never trade characters back and forth.
 * That text is accumulated exactly as Express 4.22 does (escapes and dots append their own source
 * and advance the scan position by their length only; `/(` appends `/`; a `*` or a parameter
 * starts afresh), because it decides which paths match.
 */
function patternSource(path: string, keys: PathKey[], bounded: boolean): string {
  let out = '';
  // The text a bare parameter may not contain, and where its un-appended part starts.
  let before = '';
  let pos = 0;
  // Since the previous `*` (and no parameter since): the literal text written, its length in
  // characters, or null once anything but literal text was written.
  let sinceStar: string | null = null;
  let sinceStarLength = 0;
  const addLiteral = (source: string): void => {
    if (sinceStar === null) return;
    sinceStar += source;
    sinceStarLength++;
  };
  let unnamed = 0;
  // Groups inside verbatim text are unnamed parameters; they are counted when the text is flushed.
  let verbatim = '';
  const flushVerbatim = (): void => {
    for (let g = capturingGroupsOf(verbatim, false).length; g > 0; g--) keys.push({ name: unnamed++, optional: false });
    out += verbatim;
    verbatim = '';
  };

  for (let i = 0; i < path.length; ) {
    const c = path[i];
    if (c === '\\') {
      const escaped = path.slice(i, i + 2);
      verbatim += escaped;
      if (/^\\[^A-Za-z0-9]$/.test(escaped)) addLiteral(escaped);
      else sinceStar = null;
      before += escaped;
      pos += 2;
      i += 2;
      continue;
    }
    const param = c === '/' || c === '.' || c === ':' ? PARAM.exec(path.slice(i)) : null;
    if (param) {
      flushVerbatim();
      const [whole, slash = '', dot, name, capture, star, optional = ''] = param;
      const format = dot ? '\\.' : '';
      let group: string;
      // Capturing groups inside the excluded text are groups of the RegExp too (never set).
      let innerGroups = 0;
      if (capture) {
        group = expandFirstStar(capture);
        innerGroups = capturingGroupsOf(group.slice(1, -1), false).length;
      } else {
        const excluded = slash || dot ? '' : before + path.slice(pos, i);
        if (excluded) {
          group = '((?:(?!/|' + excluded + ').)+?)';
          innerGroups = capturingGroupsOf(excluded, false).length;
        } else {
          group = '([^/' + format + ']+?)';
        }
        // Right before another bare parameter, which can take any of its characters but the
        // first, a lazy parameter always ends up one character long: say so, and stay linear.
        if (bounded && !star && !optional && nextIsBareParameter(path, i + whole.length)) group = group.slice(0, -3) + ')';
      }
      keys.push({ name, optional: optional === '?' });
      for (let g = 0; g < innerGroups; g++) keys.push({ name: unnamed++, optional: false });
      let piece = '(?:' + format + slash + group;
      if (star) {
        piece += '((?:[/' + format + '].+?)?)';
        keys.push({ name: unnamed++, optional: false });
      }
      out += piece + ')' + optional;
      sinceStar = null;
      before = '';
      i += whole.length;
      pos = i;
      continue;
    }
    if (c === '.') {
      verbatim += '\\.';
      addLiteral('\\.');
      before += '\\.';
      pos += 1;
      i++;
      continue;
    }
    if (c === '*') {
      flushVerbatim();
      // A quantifier after the `*` makes it something else than a plain greedy run.
      const quantified = i + 1 < path.length && '?+{'.indexOf(path[i + 1]) !== -1;
      out += bounded && !quantified ? starGroup(sinceStar, sinceStarLength) : '(.*)';
      keys.push({ name: unnamed++, optional: false });
      sinceStar = '';
      sinceStarLength = 0;
      before = '';
      i++;
      pos = i;
      continue;
    }
    if (c === '/' && path[i + 1] === '(') {
      verbatim += '/(?:';
      sinceStar = null;
      before += path.slice(pos, i) + '/';
      i += 2;
      pos = i;
      continue;
    }
    verbatim += c;
    if (REGEX_SYNTAX.indexOf(c) === -1) addLiteral(c);
    else sinceStar = null;
    i++;
  }
  flushVerbatim();
  return out;
}

/** Does a parameter with no `/` or `.` before it and no `(capture)` start at `at`? */
function nextIsBareParameter(path: string, at: number): boolean {
  if (path[at] !== ':') return false;
  const next = PARAM.exec(path.slice(at));
  return next !== null && next[4] === undefined;
}

/** Characters that are regular-expression syntax when written in a string pattern. */
const REGEX_SYNTAX = '^$|?+()[]{}';

/**
 * The group of a `*`. Express 4 writes every `*` as a greedy `(.*)`; two of them separated only by
 * literal text backtrack quadratically. Because the first `*` is greedy, the second never holds a
 * whole copy of the text between them (the first would have taken it), so saying so in the
 * RegExp changes no match and bounds the work: `((?:(?!L).)*.{0,k})` with `k` one less than the
 * length of L (an occurrence of L may still start in the last `k` characters and end beyond the
 * group). Right after another `*` the second is always empty. After a parameter, or after text
 * with regular-expression syntax, the Express form is kept as it is.
 */
function starGroup(sinceStar: string | null, length: number): string {
  if (sinceStar === null) return '(.*)';
  if (length === 0) return '()';
  return '((?:(?!' + sinceStar + ').)*' + (length > 1 ? '.{0,' + (length - 1) + '}' : '') + ')';
}

/** In a `:name(capture)`, the first `*` (unless an escape comes first) means "anything". */
function expandFirstStar(capture: string): string {
  for (let i = 0; i < capture.length; i++) {
    if (capture[i] === '\\') return capture;
    if (capture[i] === '*') return capture.slice(0, i) + '(.*)' + capture.slice(i + 1);
  }
  return capture;
}
