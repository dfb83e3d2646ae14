/**
 * A fast path for the common URL-encoded form: flat keys, no brackets. For such a body qs's
 * `parse` (with the options the `extended` parser uses) comes down to: split on `&`, split each
 * piece at its first `=`, decode `+` and percent-escapes (keeping the text when an escape is
 * malformed), drop empty keys and `__proto__`, and gather repeated keys into arrays. Doing just
 * that is several times cheaper than the general parser; a property test checks the two agree.
 */

/** Brackets, raw or percent-encoded, are what makes qs build nested values: such bodies take the general path. */
const NESTING = /[[\]]|%5[bdBD]/;

/** Can `body` be parsed by `parseFlatForm` with qs's exact result? */
export function isFlatForm(body: string): boolean {
  return !NESTING.test(body);
}

/** Decodes one key or value as qs does: `+` is a space; a malformed escape leaves the text as is. */
function decodeComponent(text: string): string {
  const spaced = text.indexOf('+') === -1 ? text : text.replace(/\+/g, ' ');
  if (spaced.indexOf('%') === -1) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Parses a flat form (see `isFlatForm`) into a plain object, as qs would. */
export function parseFlatForm(body: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf('&', start);
    if (end === -1) end = body.length;
    if (end > start) {
      const eq = body.indexOf('=', start);
      const split = eq !== -1 && eq < end;
      const key = decodeComponent(body.slice(start, split ? eq : end));
      if (key !== '' && key !== '__proto__') {
        const value = split ? decodeComponent(body.slice(eq + 1, end)) : '';
        if (!Object.prototype.hasOwnProperty.call(result, key)) result[key] = value;
        else {
          const existing = result[key];
          result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
        }
      }
    }
    start = end + 1;
  }
  return result;
}
