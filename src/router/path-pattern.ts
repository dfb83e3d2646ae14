/**
 * Compiles an Express 4 route path (string pattern, RegExp or array of these) into one RegExp
 * plus the list of its parameter keys, once, at registration.
 *
 * String syntax, as Express 4 users write it:
 *   `:name` (optionally preceded by `/` and/or `.`), then optionally `(capture)`, `*`, `?`;
 *   `*` matches anything (an unnamed parameter); `.` is a literal dot; `/(` opens a non-capturing group;
 *   every other character is regular-expression source as written (`+`, `?`, `(…)`, `[…]`).
 *
 * Linear-time guarantee: a parameter that follows literal text may not contain that text, and a `*`
 * that follows another `*` may not contain the literal between them. This is what keeps
 * `/:a-:b-:c` linear against a long run of dashes, and it gives the same parameters as Express 4.22.
 */

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
}

/** The path forms a route or middleware accepts. */
export type PathPattern = string | RegExp | Array<string | RegExp | PathPattern[]>;

/** Compiles `path` into a RegExp and its keys (see the module comment for the syntax). */
export function compilePathPattern(path: PathPattern, options: PathPatternOptions = {}): CompiledPathPattern {
  const keys: PathKey[] = [];
  const regexp = compileInto(path, keys, options);
  return { regexp, keys };
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
  return new RegExp('^' + translateString(path, keys, options), options.sensitive ? '' : 'i');
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
function translateString(path: string, keys: PathKey[], options: PathPatternOptions): string {
  let out = '';
  // Literal text since the previous parameter or `*`: what the next one may not contain.
  let literal = '';
  let unnamed = 0;
  let seenStar = false;
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
      literal += escaped;
      i += 2;
      continue;
    }
    const param = c === '/' || c === '.' || c === ':' ? PARAM.exec(path.slice(i)) : null;
    if (param) {
      flushVerbatim();
      const [whole, slash = '', dot, name, capture, star, optional = ''] = param;
      const format = dot ? '\\.' : '';
      let group: string;
      let extra = 0;
      if (capture) {
        group = expandFirstStar(capture);
        extra = capturingGroupsOf(group.slice(1, -1), false).length;
      } else if (literal) {
        group = '((?:(?!/|' + literal + ').)+?)';
      } else {
        group = '([^/' + format + ']+?)';
      }
      keys.push({ name, optional: optional === '?' });
      for (let g = 0; g < extra; g++) keys.push({ name: unnamed++, optional: false });
      let piece = '(?:' + format + slash + group;
      if (star) {
        piece += '((?:[\\/' + format + '].+?)?)';
        keys.push({ name: unnamed++, optional: false });
      }
      out += piece + ')' + optional;
      literal = '';
      i += whole.length;
      continue;
    }
    if (c === '.') {
      verbatim += '\\.';
      literal += '\\.';
      i++;
      continue;
    }
    if (c === '*') {
      flushVerbatim();
      out += seenStar && literal ? '((?:(?!' + literal + ').)*)' : '(.*)';
      keys.push({ name: unnamed++, optional: false });
      seenStar = true;
      literal = '';
      i++;
      continue;
    }
    if (c === '/' && path[i + 1] === '(') {
      verbatim += '/(?:';
      literal += '/';
      i += 2;
      continue;
    }
    verbatim += c;
    literal += c;
    i++;
  }
  flushVerbatim();

  if (!options.strict) out += out.endsWith('/') ? '?' : '/?';
  if (options.end !== false) return out + '$';
  if (out.endsWith('/')) return out;
  return out + (options.dotBoundary ? '(?=[\\/.]|$)' : '(?=\\/|$)');
}

/** In a `:name(capture)`, the first `*` (unless an escape comes first) means "anything". */
function expandFirstStar(capture: string): string {
  for (let i = 0; i < capture.length; i++) {
    if (capture[i] === '\\') return capture;
    if (capture[i] === '*') return capture.slice(0, i) + '(.*)' + capture.slice(i + 1);
  }
  return capture;
}
