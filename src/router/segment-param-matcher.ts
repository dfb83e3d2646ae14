/**
 * A matcher without a RegExp for the most common route shape with a parameter: literal segments
 * followed by one whole-segment parameter (`/items/:id`, `/api/v1/users/:id`). Running the RegExp
 * costs a call into the regexp engine and a match array with `index`, `input` and `groups` for
 * every request; a prefix comparison and one `indexOf` give the same answer.
 */
import { startsWithIgnoringAsciiCase } from './char-match';

/** The RegExp source the pattern compiler writes for `/<literal segments>/:name`, strict or not. */
const SHAPE = /^\^((?:\\\/[A-Za-z0-9\-_~%]+)+)\(\?:\\\/\(\[\^\/\]\+\?\)\)(\\\/\?)?\$$/;

/** What `exec` returns: the matched path and the parameter, as the RegExp's match would hold them. */
export type SegmentParamMatch = [string, string];

/**
 * The matcher for `source` (of a RegExp whose flags are `i` or none) when it has the shape above,
 * else null. It answers exactly as the RegExp: the literal (ASCII case folded with `ignoreCase`,
 * which is all a non-Unicode `i` RegExp folds for ASCII letters), a `/`, then a
 * non-empty parameter without `/`, and, unless strict, at most one trailing `/`.
 */
export function compileSegmentParamMatcher(source: string, ignoreCase: boolean): ((path: string) => SegmentParamMatch | null) | null {
  const shape = SHAPE.exec(source);
  if (shape === null) return null;
  const literal = shape[1].replace(/\\\//g, '/') + '/';
  const trailingSlash = shape[2] !== undefined;
  const n = literal.length;
  return function matchSegmentParam(path: string): SegmentParamMatch | null {
    let end = path.length;
    if (trailingSlash && end > n && path.charCodeAt(end - 1) === 0x2f /* / */) end--;
    // The parameter is at least one character and holds no `/`.
    if (end <= n) return null;
    const slash = path.indexOf('/', n);
    if (slash !== -1 && slash < end) return null;
    if (!path.startsWith(literal) && (!ignoreCase || !startsWithIgnoringAsciiCase(path, literal))) return null;
    return [path, path.slice(n, end)];
  };
}
