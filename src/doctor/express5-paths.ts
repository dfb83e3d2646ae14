/**
 * What an Express 4 route path string becomes under Express 5's syntax (path-to-regexp 8): whether
 * it still parses, whether it keeps its meaning, and how to write it for Express 5. The 4.x reading
 * comes from Portico's 4.x compiler (router/path-pattern.ts), the 5.x verdict from its 5.x parser
 * (router/patterns/express5-parse.ts), so the doctor judges paths as the two routers do.
 */
import { compilePathPattern } from '../router/path-pattern';
import { parse5 } from '../router/patterns/express5-parse';

export interface PathVerdict {
  /** The Express 5 error message when the string no longer parses, else null (it parses, with another meaning). */
  error: string | null;
  /** What changes, in words. */
  reason: string;
  /** The Express 5 string with the same matches, when there is one; else null (see `regexp`). */
  spelling: string | null;
  /** Whether `spelling` matches what the 4.x path matched (a rewrite `--write` applies; `reason` says what handlers read differently), or matches more. */
  mechanical: boolean;
  /** The 4.x path as the RegExp Express 4 built from it, which Express 5 accepts as a route path unchanged. */
  regexp: string;
}

/** Characters Express 5 gives a meaning to, which a literal must escape there. */
const SPECIAL5 = /[{}()[\]?+!*:\\]/g;

type Piece =
  | { kind: 'text'; value: string }
  | { kind: 'param'; name: string; prefix: string; optional: boolean; constraint: string | null }
  | { kind: 'wildcard'; prefix: string };

/** Reads the 4.x forms that have an Express 5 spelling; null when the string uses other regular-expression syntax. */
function pieces4(path: string): Piece[] | null {
  const out: Piece[] = [];
  let text = '';
  const flush = (): void => {
    if (text !== '') out.push({ kind: 'text', value: text });
    text = '';
  };
  for (let i = 0; i < path.length;) {
    const rest = path.slice(i);
    const param = /^([/.]?):(\w+)(\((?:\\.|[^\\)])*\))?([?*+]?)/.exec(rest);
    // `(.*)` is no wildcard on Express 4: its `.` is a literal dot there, like any `.` of a path.
    const wildcard = /^([/.]?)\*/.exec(rest);
    if (param) {
      if (param[4] === '*' || param[4] === '+') return null;
      flush();
      const constraint = param[3] ? param[3].slice(1, -1) : null;
      out.push({ kind: 'param', name: param[2], prefix: param[1], optional: param[4] === '?', constraint });
      i += param[0].length;
    } else if (wildcard) {
      flush();
      out.push({ kind: 'wildcard', prefix: wildcard[1] });
      i += wildcard[0].length;
    } else if (rest[0] === '\\' && rest.length > 1) {
      text += rest[1];
      i += 2;
    } else if (/[()[\]{}?+|^$\\]/.test(rest[0])) {
      return null;
    } else {
      text += rest[0];
      i++;
    }
  }
  flush();
  return out;
}

const escape5 = (s: string): string => s.replace(SPECIAL5, (c) => `\\${c}`);

/** The Express 5 spelling of the pieces, with what it does not keep. */
function spell5(pieces: Piece[]): { spelling: string; losses: string[] } {
  let spelling = '';
  const losses: string[] = [];
  let splats = 0;
  for (const p of pieces) {
    if (p.kind === 'text') spelling += escape5(p.value);
    else if (p.kind === 'wildcard') {
      const name = ++splats === 1 ? 'splat' : `splat${splats}`;
      spelling += `${escape5(p.prefix)}{*${name}}`;
      losses.push(`the wildcard's value is req.params.${name}, an array of path segments (4.x: a string in req.params[${splats - 1}])`);
    } else {
      const body = `${escape5(p.prefix)}:${p.name}`;
      spelling += p.optional ? `{${body}}` : body;
      if (p.constraint !== null) losses.push(`Express 5 has no inline pattern: check that :${p.name} matches ${p.constraint} in the handler (or keep the RegExp)`);
    }
  }
  if (spelling === '' || (spelling[0] !== '/' && pieces[0]?.kind === 'wildcard')) spelling = `/${spelling}`;
  return { spelling, losses };
}

/**
 * Judges one 4.x path string for Express 5: undefined when it parses there with the same meaning,
 * else what changes and how to write it. `end` is false for middleware (`use`) paths.
 */
export function express5PathVerdict(path: string, end: boolean): PathVerdict | undefined {
  let error: string | null = null;
  try {
    parse5(path);
  } catch (e) {
    error = e instanceof Error ? e.message.replace(/; visit .*$/, '') : String(e);
  }
  const pieces = pieces4(path);
  const special = pieces === null || pieces.some((p) => p.kind !== 'text' && (p.kind === 'wildcard' || p.optional || p.constraint !== null));
  if (error === null && !special) return undefined;
  const regexp = String(compilePathPattern(path, { end }).regexp);
  if (pieces === null) {
    const reason = error === null
      ? 'regular-expression characters that Express 5 reads literally or as groups'
      : 'regular-expression syntax, which Express 5 strings do not have';
    return { error, reason, spelling: null, mechanical: false, regexp };
  }
  const { spelling, losses } = spell5(pieces);
  try {
    parse5(spelling);
  } catch {
    return { error, reason: 'no Express 5 string keeps its meaning', spelling: null, mechanical: false, regexp };
  }
  const forms: string[] = [];
  if (pieces.some((p) => p.kind === 'wildcard')) forms.push('a wildcard needs a name (`*name`)');
  if (pieces.some((p) => p.kind === 'param' && p.optional)) forms.push('optional parts are written in braces (`{/:name}`)');
  if (pieces.some((p) => p.kind === 'param' && p.constraint !== null)) forms.push('a parameter takes no `(pattern)`');
  const reason = [forms.join('; ') || 'characters Express 5 reserves are escaped', ...losses].join('; ');
  return { error, reason, spelling, mechanical: pieces.every((p) => p.kind !== 'param' || p.constraint === null), regexp };
}
