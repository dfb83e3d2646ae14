/**
 * A fast path for the common URL-encoded form: flat keys, no brackets. For such a body qs's
 * `parse` (with the options the `extended` parser uses) comes down to: split on `&`, split each
 * piece at its first `=`, decode `+` and percent-escapes (keeping the text when an escape is
 * malformed), drop empty keys and `__proto__`, and gather repeated keys into arrays. Doing just
 * that in one pass over the body is several times cheaper than the general parser; a property
 * test checks that the two agree.
 */

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PLUS = 0x2b;
const PERCENT = 0x25;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Value of the hex digit `code`, or -1. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** Is the text at `at` (just after a `%`) `5B` or `5D` in either case, that is an encoded bracket? */
function isEncodedBracket(body: string, at: number): boolean {
  if (body.charCodeAt(at) !== 0x35) return false;
  const letter = body.charCodeAt(at + 1) | 0x20;
  return letter === 0x62 || letter === 0x64;
}

/** qs's own decoding, for what the fast decoder below does not handle: `+` is a space, then decodeURIComponent or the text as is. */
function decodeLikeQs(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Decodes `body` from `from` to `to`, a key or value that holds a `+` or `%`, with exactly
 * `decodeLikeQs`'s result. Escapes of ASCII bytes are decoded here; an escape of a byte above 0x7F
 * starts a UTF-8 sequence, whose validity rules are decodeURIComponent's, and a malformed escape
 * makes the whole text stay as it is: both go to `decodeLikeQs`.
 */
function decodeComponent(body: string, from: number, to: number): string {
  let decoded = '';
  let copiedTo = from;
  for (let i = from; i < to; i++) {
    const code = body.charCodeAt(i);
    if (code === PLUS) {
      decoded += body.slice(copiedTo, i) + ' ';
      copiedTo = i + 1;
    } else if (code === PERCENT) {
      const high = i + 2 < to ? hexValue(body.charCodeAt(i + 1)) : -1;
      const low = high === -1 ? -1 : hexValue(body.charCodeAt(i + 2));
      if (low === -1 || high > 7) return decodeLikeQs(body.slice(from, to));
      decoded += body.slice(copiedTo, i) + String.fromCharCode(high * 16 + low);
      copiedTo = i + 3;
      i += 2;
    }
  }
  return decoded + body.slice(copiedTo, to);
}

/** Stores one field as qs does: a repeated key gathers its values into an array, in order. */
function addField(result: Record<string, string | string[]>, key: string, value: string): void {
  if (key === '' || key === '__proto__') return;
  if (!Object.prototype.hasOwnProperty.call(result, key)) result[key] = value;
  else {
    const existing = result[key];
    result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
}

/**
 * Parses a flat form into a plain object, as qs would; undefined when the body holds a bracket,
 * raw or percent-encoded, anywhere: that is what makes qs build nested values, so such a body
 * takes the general path. One pass finds the separators and notes which pieces need decoding.
 */
export function parseFlatForm(body: string): Record<string, string | string[]> | undefined {
  const result: Record<string, string | string[]> = {};
  let start = 0;
  let equals = -1;
  let keyEncoded = false;
  let valueEncoded = false;
  for (let i = 0; i <= body.length; i++) {
    const code = i === body.length ? AMPERSAND : body.charCodeAt(i);
    // Letters and most text sit above '=': only the brackets among them matter.
    if (code > EQUALS) {
      if (code === OPEN_BRACKET || code === CLOSE_BRACKET) return undefined;
    } else if (code === AMPERSAND) {
      if (i > start) {
        const keyEnd = equals === -1 ? i : equals;
        const key = keyEncoded ? decodeComponent(body, start, keyEnd) : body.slice(start, keyEnd);
        let value = '';
        if (equals !== -1) value = valueEncoded ? decodeComponent(body, equals + 1, i) : body.slice(equals + 1, i);
        addField(result, key, value);
      }
      start = i + 1;
      equals = -1;
      keyEncoded = valueEncoded = false;
    } else if (code === EQUALS) {
      if (equals === -1) equals = i;
    } else if (code === PLUS || code === PERCENT) {
      if (code === PERCENT && isEncodedBracket(body, i + 1)) return undefined;
      if (equals === -1) keyEncoded = true;
      else valueEncoded = true;
    }
  }
  return result;
}
