// Keeps a bundle's text ASCII. V8 holds a source that has one character above U+00FF as a two-byte
// string, and reads all of it through its UTF-16 scanner: the two arrows and ellipses of the core's
// remaining comments made `require('portico')` cost about 9 M instructions more. esbuild already
// escapes every string, template and regular expression (its default `charset`), so what is left
// is comment text; each such code unit becomes `?`, one for one, so that every line and column
// stays where the bundle's source map says it is.
import * as acorn from 'acorn';

/** `code` with the non-ASCII code units of its comments replaced; throws if any is outside a comment. */
export function asciiComments(code) {
  if (!/[^\t\n\r -~]/.test(code)) return code;
  const comments = [];
  acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true, onComment: (block, text, start, end) => comments.push([start, end]) });
  const out = code.split('');
  for (let i = 0; i < code.length; i++) {
    if (code.charCodeAt(i) < 0x80) continue;
    if (!comments.some(([start, end]) => i >= start && i < end)) throw new Error(`non-ASCII character outside a comment at offset ${i}`);
    out[i] = '?';
  }
  return out.join('');
}
