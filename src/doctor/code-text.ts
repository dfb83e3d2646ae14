/**
 * A light reading of JavaScript/TypeScript source for the doctor's call-site checks: comments and
 * the insides of string and template literals are blanked (same length, newlines kept), so that a
 * pattern searched in the blanked text finds code only, at the offsets of the original text. Not a
 * parser: a regular-expression literal is read as code, which costs at most a false match.
 */
export interface CodeText {
  /** The original text. */
  readonly source: string;
  /** The same text with comments and literal contents replaced by spaces. */
  readonly code: string;
}

const blank = (s: string): string => s.replace(/[^\n]/g, ' ');

/** Blanks comments and the contents of string/template literals (the quotes stay). */
export function readCode(source: string): CodeText {
  let code = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && source[j] !== c && !(c !== '`' && source[j] === '\n')) j += source[j] === '\\' ? 2 : 1;
      code += c + blank(source.slice(i + 1, j)) + (j < n ? source[j] : '');
      i = j + 1;
    } else {
      code += c;
      i++;
    }
  }
  return { source, code: code.slice(0, n) };
}

/** One argument of a call: its offsets in the text and its source, trimmed. */
export interface Argument {
  start: number;
  end: number;
  text: string;
}

const OPEN = '([{';
const CLOSE = ')]}';

/**
 * The arguments of the call whose `(` is at `open`, and the offset of its `)`; undefined when the
 * parentheses do not close. Commas nested in brackets or literals do not split.
 */
export function callArguments(text: CodeText, open: number): { args: Argument[]; close: number } | undefined {
  const { code, source } = text;
  const args: Argument[] = [];
  let depth = 0;
  let start = open + 1;
  const push = (end: number): void => {
    const raw = source.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== '') args.push({ start: start + lead, end: start + lead + trimmed.length, text: trimmed });
  };
  for (let i = open + 1; i < code.length; i++) {
    const c = code[i];
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c)) {
      if (depth === 0) {
        push(i);
        return { args, close: i };
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  return undefined;
}

/** The value of a plain string literal (`'…'`, `"…"`, or a template without `${`), else undefined. */
export function stringValue(arg: Argument | undefined): string | undefined {
  if (!arg) return undefined;
  const m = /^(['"`])([\s\S]*)\1$/.exec(arg.text);
  if (!m || (m[1] === '`' && m[2].includes('${'))) return undefined;
  if (m[1] !== '`' && new RegExp(`(?<!\\\\)(?:\\\\\\\\)*${m[1]}`).test(m[2])) return undefined;
  return m[2].replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
    if (e[0] === 'u' || e[0] === 'x') return e.length > 1 ? String.fromCodePoint(parseInt(e.replace(/^u\{?|^x|\}$/g, ''), 16)) : e;
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

/** A JavaScript string literal for `value`, in the quote style of `like` (a literal's source). */
export function stringLiteral(value: string, like: string): string {
  const quote = like[0] === '"' || like[0] === '`' ? like[0] : "'";
  return quote + value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n') + quote;
}

/** A number literal's value (`404`), else undefined. */
export function numberValue(arg: Argument | undefined): number | undefined {
  return arg && /^\d+(?:\.\d+)?$/.test(arg.text) ? Number(arg.text) : undefined;
}

/** 1-based line of `index`, and that line's text (trimmed, cut at 160 characters). */
export function lineAt(text: string, index: number): { line: number; text: string } {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return { line, text: text.slice(start, end === -1 ? undefined : end).trim().slice(0, 160) };
}
