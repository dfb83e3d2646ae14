/** Character tests shared by the memoising matcher and its lookahead walker, as a RegExp does them. */

/** Are two characters equal, with case folding when `ignoreCase`? */
export function same(a: number, b: number, ignoreCase: boolean): boolean {
  return a === b || (ignoreCase && canonicalize(a) === canonicalize(b));
}

/** Is `code` in the class given as [low, high] pairs? */
export function inClass(code: number, ranges: number[]): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (code >= ranges[i] && code <= ranges[i + 1]) return true;
  return false;
}

/** The characters `.` does not match. */
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/**
 * The case folding of a non-Unicode `i` RegExp (ECMAScript Canonicalize): the upper case of the
 * character when that is one character, unless it would turn a non-ASCII character into ASCII.
 */
export function canonicalize(code: number): number {
  if (code < 0x80) return code >= 0x61 && code <= 0x7a ? code - 0x20 : code;
  const upper = String.fromCharCode(code).toUpperCase();
  if (upper.length !== 1) return code;
  const folded = upper.charCodeAt(0);
  return folded < 0x80 ? code : folded;
}

/**
 * Whether `a` begins with `b` (all of `a` when they have the same length; `a` must be at least as
 * long), compared with ASCII folding only: for a literal of ASCII characters that is all a
 * non-Unicode `i` RegExp folds (see `canonicalize`).
 */
export function startsWithIgnoringAsciiCase(a: string, b: string): boolean {
  for (let i = 0; i < b.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const lx = x | 0x20;
    if (lx !== (y | 0x20) || lx < 0x61 || lx > 0x7a) return false;
  }
  return true;
}
