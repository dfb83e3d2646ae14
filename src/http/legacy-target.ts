import { parse as parseLegacyUrl, format as formatLegacyUrl } from 'node:url';

/**
 * Request-targets that Express 4 reads with Node's legacy URL parser (`url.parse`) rather than by
 * splitting at `?`: absolute-form targets (`http://host/a`, as forward proxies send) and targets
 * holding a raw `#`. That parser percent-escapes `' " < > \` ` { } | ^` and whitespace, turns `\`
 * before the query into `/`, has no pathname for `p://host`, and throws on some authorities.
 * Routing, `req.path`, `req.query` and the 404 page all see what it returns, so Portico asks the
 * same parser for these targets (the only way to agree with it on every Node version). Ordinary
 * `/…` targets without `#` never come here: Express splits those itself, without escaping.
 */

/** The parts of an unusual target; `undefined` when the parser throws. */
export interface LegacyTarget {
  pathname: string | null;
  query: string | null;
  search: string | null;
  hash: string | null;
}

/** True for the targets Express hands to `url.parse`: not starting with `/`, or holding a `#`. */
export function isUnusualTarget(url: string): boolean {
  return queryStartOf(url) === -1;
}

/** The last target `queryStartOf` answered for, and its answer (the app's query parser and its router ask in turn). */
let lastTarget = '';
let lastQueryStart = -1;

/**
 * Where the query of an ordinary target begins: the position of its first `?`, or its length when
 * it has none; -1 for an unusual target (see `isUnusualTarget`). The app's query parser and its
 * router ask for the same target one after the other, and each native `indexOf` costs about a
 * hundred instructions (counted under callgrind; a `charCodeAt` loop costs more on the parser's
 * strings), so the last answer is kept: it depends on the string alone.
 */
export function queryStartOf(url: string): number {
  if (url === lastTarget) return lastQueryStart;
  let q: number;
  if (url.charCodeAt(0) !== 0x2f /* / */ || url.indexOf('#') !== -1) q = -1;
  else {
    q = url.indexOf('?');
    if (q === -1) q = url.length;
  }
  lastTarget = url;
  lastQueryStart = q;
  return q;
}

/** `url.parse(url)`'s pathname, query, search and hash; `undefined` when it throws. */
export function parseUnusualTarget(url: string): LegacyTarget | undefined {
  try {
    const parsed = parseLegacyUrl(url);
    return { pathname: parsed.pathname, query: parsed.query as string | null, search: parsed.search, hash: parsed.hash };
  } catch {
    return undefined;
  }
}

/**
 * An unusual target written back with another pathname, the way the legacy parser's own formatter
 * writes it (scheme and host in lower case, query and fragment escaped); `undefined` when the
 * parser throws.
 */
export function withPathname(url: string, pathname: string): string | undefined {
  try {
    const parsed = parseLegacyUrl(url);
    parsed.pathname = pathname;
    parsed.path = null;
    return formatLegacyUrl(parsed);
  } catch {
    return undefined;
  }
}

/** How the legacy parser writes one character of a pathname. */
function escapedForm(char: string): string {
  if (char === '\\') return '/';
  const code = char.charCodeAt(0);
  // Whitespace and the characters the parser escapes; everything else it keeps as sent.
  if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x20 || char === '"' || char === "'" || char === '<' || char === '>' || char === '`' || char === '{' || char === '}' || char === '|' || char === '^') {
    return '%' + (code < 16 ? '0' : '') + code.toString(16).toUpperCase();
  }
  return char;
}

/**
 * The length of the part of `raw` (a target's path as sent) whose escaped form is `escaped`'s first
 * `n` characters, or -1 when the two do not line up that way. A router mounted on the escaped path
 * strips this many characters of the URL it hands on, so that the URL keeps whole characters.
 */
export function rawPrefixLength(raw: string, start: number, escaped: string, n: number): number {
  let e = 0;
  let i = start;
  while (e < n && i < raw.length) {
    const form = escapedForm(raw[i]);
    if (!escaped.startsWith(form, e)) return -1;
    e += form.length;
    i++;
  }
  return e === n ? i - start : -1;
}
