/**
 * Reads the Express 5 route path syntax (path-to-regexp 8): `:name`, `:"quoted name"`, `*name`,
 * optional groups `{…}` (nested), `\` escapes; `( ) [ ] ? + !` are reserved and rejected. The
 * errors carry the messages Express 5 gives, so an app that logs them sees the same text.
 */

export type Token5 =
  | { type: 'text'; value: string }
  | { type: 'param' | 'wildcard'; name: string; slot: number }
  | { type: 'group'; tokens: Token5[] };

/** The error an invalid Express 5 path throws: a TypeError named as Express 5's, with the path. */
export class PathError extends TypeError {
  readonly originalPath: string;
  constructor(problem: string, path: string) {
    super(problem + ': ' + path + '; visit https://git.new/pathToRegexpError for info');
    this.originalPath = path;
  }
}

const ID_START = /[$_\p{ID_Start}]/u;
const ID_CONTINUE = /[$\u200c\u200d\p{ID_Continue}]/u;
const RESERVED = '()[]?+!';

/** Parses `path` into tokens; params and wildcards are numbered in the order they are written. */
export function parse5(path: string): Token5[] {
  let i = 0;
  let slots = 0;
  const fail = (problem: string): never => {
    throw new PathError(problem, path);
  };

  const name = (): string => {
    const at = i;
    if (path[i] === '"') {
      let value = '';
      for (i++; i < path.length; i++) {
        const c = path[i];
        if (c === '"') {
          i++;
          if (value === '') fail('Missing parameter name at index ' + i);
          return value;
        }
        if (c === '\\') i++;
        value += path[i] ?? '';
      }
      return fail('Unterminated quote at index ' + at);
    }
    let value = '';
    for (const ch of path.slice(i)) {
      if (!(value === '' ? ID_START : ID_CONTINUE).test(ch)) break;
      value += ch;
    }
    if (value === '') fail('Missing parameter name at index ' + i);
    i += value.length;
    return value;
  };

  const sequence = (inGroup: boolean): Token5[] => {
    const tokens: Token5[] = [];
    let text = '';
    const flush = (): void => {
      if (text !== '') tokens.push({ type: 'text', value: text });
      text = '';
    };
    while (i < path.length) {
      const c = path[i];
      if (c === '\\') {
        if (i + 1 >= path.length) fail('Unexpected end after \\ at index ' + (i + 1));
        const ch = String.fromCodePoint(path.codePointAt(i + 1) as number);
        text += ch;
        i += 1 + ch.length;
      } else if (c === ':' || c === '*') {
        flush();
        i++;
        tokens.push({ type: c === ':' ? 'param' : 'wildcard', name: name(), slot: slots++ });
      } else if (c === '{') {
        flush();
        i++;
        tokens.push({ type: 'group', tokens: sequence(true) });
      } else if (c === '}') {
        if (!inGroup) fail('Unexpected } at index ' + i);
        flush();
        i++;
        return tokens;
      } else if (RESERVED.indexOf(c) !== -1) {
        fail('Unexpected ' + c + ' at index ' + i);
      } else {
        text += c;
        i++;
      }
    }
    if (inGroup) fail('Unexpected end at index ' + i + ', expected }');
    flush();
    return tokens;
  };

  return sequence(false);
}

/** How many params and wildcards a token list holds, nested groups included. */
export function slotCount(tokens: Token5[]): number {
  let n = 0;
  for (const t of tokens) n += t.type === 'group' ? slotCount(t.tokens) : t.type === 'text' ? 0 : 1;
  return n;
}
