/**
 * JSON helpers for the json parser's strict mode. Strict mode accepts only an object or an array,
 * decided by the first character after JSON whitespace (RFC 8259 §2: space, tab, LF, CR).
 */

/** Index of the first non-whitespace character, or `text.length` when there is none. */
export function firstTokenIndex(text: string): number {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
  return i;
}

/** Whether the character at `index` opens an object or an array. */
export function opensContainer(text: string, index: number): boolean {
  const c = text.charCodeAt(index);
  return c === 0x7b || c === 0x5b;
}

const SENTINEL = '#';

/**
 * The SyntaxError strict mode reports for a top-level value that is not an object or array, worded
 * by the runtime's own JSON.parse so it reads exactly like any other parse error: the character at
 * `index` is swapped for one no JSON text may start with, parsed, and put back in the message.
 */
export function strictModeError(text: string, index: number): SyntaxError {
  const original = text.charAt(index);
  const probe = text.slice(0, index) + SENTINEL + text.slice(index + 1);
  try {
    JSON.parse(probe);
  } catch (error) {
    if (error instanceof SyntaxError) {
      error.message = restoreFirst(restoreFirst(error.message, original), original);
      return error;
    }
  }
  // Unreachable: a JSON text cannot start with the sentinel.
  return new SyntaxError('Unexpected token ' + original + ' in JSON at position ' + index);
}

/**
 * Replaces the first sentinel in `message`. Called twice: once for the token the message quotes,
 * once for the excerpt of the text, whose first sentinel is the swapped character (only whitespace precedes it).
 */
function restoreFirst(message: string, original: string): string {
  const at = message.indexOf(SENTINEL);
  return at === -1 ? message : message.slice(0, at) + original + message.slice(at + 1);
}

/**
 * What a failed `JSON.parse` is reported as. Express keeps only the message and the stack of what
 * JSON.parse, or the reviver, threw: every other own property (a `status` among them) is deleted,
 * so a reviver's error always answers 400. Done to a value that is not an Error, those same steps
 * fail, and it is that TypeError which Express reports, so it is what this returns too.
 */
export function stripToMessageAndStack(thrown: unknown): unknown {
  try {
    // Read first, as Express does: a thrown null or undefined fails here.
    const message = (thrown as { message: unknown }).message;
    const stack = (thrown as { stack: unknown }).stack;
    const target = thrown as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(target)) {
      if (key !== 'stack' && key !== 'message') delete target[key];
    }
    target.stack = (stack as string).replace(target.message as string, message as string);
    target.message = message;
    return target;
  } catch (failure) {
    return failure;
  }
}
