/**
 * A parser for the part of JavaScript regular-expression syntax (non-Unicode mode) that route
 * patterns compile to: literals and escapes, `.`, classes, groups, lookaheads, alternation and
 * quantifiers. Anything else (back-references, lookbehind, `\b`, classes with letters under the
 * `i` flag, …) makes `parseSubset` return null, and the caller keeps the runtime's RegExp.
 */

export type RegexNode =
  | { type: 'char'; code: number }
  | { type: 'any' }
  | { type: 'class'; negated: boolean; ranges: number[] }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'alt'; options: RegexNode[] }
  | { type: 'group'; capture: number; body: RegexNode }
  | { type: 'repeat'; body: RegexNode; min: number; max: number; greedy: boolean }
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'look'; negative: boolean; body: RegexNode };

export interface ParsedRegex {
  node: RegexNode;
  /** Number of capturing groups. */
  groups: number;
}

const DIGIT = [0x30, 0x39];
const WORD = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
const SPACE = [0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff];
const CONTROL_ESCAPES: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };

class Unsupported extends Error {}

/** Parses `source`; null when it uses syntax outside the subset. */
export function parseSubset(source: string, ignoreCase: boolean): ParsedRegex | null {
  const parser = new Parser(source, ignoreCase);
  try {
    const node = parser.alternation();
    if (parser.pos !== source.length) return null;
    return { node, groups: parser.groups };
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

class Parser {
  pos = 0;
  groups = 0;

  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  alternation(): RegexNode {
    const options = [this.sequence()];
    while (this.src[this.pos] === '|') {
      this.pos++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { type: 'alt', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.src[this.pos] !== '|' && this.src[this.pos] !== ')') {
      items.push(this.quantified(this.atom()));
    }
    return items.length === 1 ? items[0] : { type: 'seq', items };
  }

  private quantified(atom: RegexNode): RegexNode {
    const c = this.src[this.pos];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (m === null) return atom;
      this.pos += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (max < min) throw new Unsupported();
    } else {
      return atom;
    }
    let greedy = true;
    if (this.src[this.pos] === '?') {
      this.pos++;
      greedy = false;
    }
    if (atom.type === 'start' || atom.type === 'end' || atom.type === 'look') throw new Unsupported();
    return { type: 'repeat', body: atom, min, max, greedy };
  }

  private atom(): RegexNode {
    const c = this.src[this.pos++];
    switch (c) {
      case '^':
        return { type: 'start' };
      case '$':
        return { type: 'end' };
      case '.':
        return { type: 'any' };
      case '[':
        return this.charClass();
      case '(':
        return this.group();
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new Unsupported();
      default:
        return this.literal(c.charCodeAt(0));
    }
  }

  private literal(code: number): RegexNode {
    return { type: 'char', code };
  }

  private group(): RegexNode {
    let capture = 0;
    let look: boolean | undefined;
    if (this.src[this.pos] === '?') {
      const kind = this.src[this.pos + 1];
      if (kind === ':') this.pos += 2;
      else if (kind === '=' || kind === '!') {
        look = kind === '!';
        this.pos += 2;
      } else if (kind === '<' && this.src[this.pos + 2] !== '=' && this.src[this.pos + 2] !== '!') {
        const close = this.src.indexOf('>', this.pos);
        if (close === -1) throw new Unsupported();
        this.pos = close + 1;
        capture = ++this.groups;
      } else throw new Unsupported();
    } else {
      capture = ++this.groups;
    }
    const body = this.alternation();
    if (this.src[this.pos] !== ')') throw new Unsupported();
    this.pos++;
    if (look !== undefined) return { type: 'look', negative: look, body };
    return { type: 'group', capture, body };
  }

  private escape(): RegexNode {
    const c = this.src[this.pos++];
    if (c === undefined) throw new Unsupported();
    const set = this.classEscape(c);
    if (set !== undefined) return this.classNode(set.negated, set.ranges);
    if (CONTROL_ESCAPES[c] !== undefined) return this.literal(CONTROL_ESCAPES[c]);
    // Letters and digits have meanings (\b, \1, \x41, \k<n>, …) outside the subset.
    if (/[A-Za-z0-9]/.test(c)) throw new Unsupported();
    return this.literal(c.charCodeAt(0));
  }

  private classEscape(c: string): { negated: boolean; ranges: number[] } | undefined {
    switch (c) {
      case 'd':
        return { negated: false, ranges: DIGIT };
      case 'D':
        return { negated: true, ranges: DIGIT };
      case 'w':
        return { negated: false, ranges: WORD };
      case 'W':
        return { negated: true, ranges: WORD };
      case 's':
        return { negated: false, ranges: SPACE };
      case 'S':
        return { negated: true, ranges: SPACE };
      default:
        return undefined;
    }
  }

  private charClass(): RegexNode {
    let negated = false;
    if (this.src[this.pos] === '^') {
      negated = true;
      this.pos++;
    }
    const ranges: number[] = [];
    let first = true;
    while (this.src[this.pos] !== ']' || first) {
      first = false;
      if (this.pos >= this.src.length) throw new Unsupported();
      const low = this.classMember(ranges);
      if (low === undefined) continue;
      if (this.src[this.pos] === '-' && this.src[this.pos + 1] !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        const high = this.classMember(ranges);
        if (high === undefined || high < low) throw new Unsupported();
        ranges.push(low, high);
      } else {
        ranges.push(low, low);
      }
    }
    this.pos++;
    return this.classNode(negated, ranges);
  }

  /** One class member: its code, or undefined when it was a set (`\d`) already added to `ranges`. */
  private classMember(ranges: number[]): number | undefined {
    const c = this.src[this.pos++];
    if (c !== '\\') return c.charCodeAt(0);
    const e = this.src[this.pos++];
    const set = this.classEscape(e);
    if (set !== undefined) {
      if (set.negated) throw new Unsupported();
      ranges.push(...set.ranges);
      return undefined;
    }
    if (CONTROL_ESCAPES[e] !== undefined) return CONTROL_ESCAPES[e];
    if (e === undefined || /[A-Za-z0-9]/.test(e)) throw new Unsupported();
    return e.charCodeAt(0);
  }

  private classNode(negated: boolean, ranges: number[]): RegexNode {
    // Case folding of a class is only exact for us when it holds no letter and nothing non-ASCII.
    if (this.ignoreCase) {
      for (let i = 0; i < ranges.length; i += 2) {
        if (ranges[i + 1] >= 0x80 || overlaps(ranges[i], ranges[i + 1], 0x41, 0x5a) || overlaps(ranges[i], ranges[i + 1], 0x61, 0x7a)) {
          throw new Unsupported();
        }
      }
    }
    return { type: 'class', negated, ranges };
  }
}

function overlaps(lo: number, hi: number, a: number, b: number): boolean {
  return lo <= b && hi >= a;
}
