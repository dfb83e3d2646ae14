import { parseUnusualTarget, queryStartOf } from '../http/legacy-target';
import { readQueryParserFn } from '../settings/settings';
import { parseQueryWithoutSetting, type QueryParser } from '../settings/compile-query-parser';

/**
 * The query string of a request-target: after the first `?`; `null` when there is none (a custom
 * parser sees `null`, as with Express's URL parsing). A target with a `#` or not starting with `/`
 * is read by Node's legacy URL parser, as Express reads it (escaped, `null` when the parser throws).
 */
export function queryStringOf(url: string): string | null {
  const q = queryStartOf(url);
  if (q === -1) return url.indexOf('?') === -1 ? null : (parseUnusualTarget(url)?.query ?? null);
  return q === url.length ? null : url.slice(q + 1);
}

/** Where an app keeps the `query parser fn` it had when its router was created. */
const PARSER_AT_ROUTER = Symbol('portico.queryParserAtRouter');

/** The mark of an app whose requests read `req.query` through their prototype's getter (Express 5). */
const QUERY_BY_GETTER = Symbol('portico.queryByGetter');

/**
 * Where a request keeps the `req.query` an Express 4 app parsed while it is inside an Express 5 app,
 * whose getter the own property would hide (see `parseQueryOnEntry` and `restoreQueryOnReturn`).
 */
const PARKED_QUERY = Symbol('portico.parkedQuery');

/**
 * Marks an app whose requests read `req.query` through a getter of their prototype (Express 5): the
 * app parses nothing as a request enters it, and must not assign `req.query`, which has no setter.
 */
export function parseQueryByGetter(app: ParserHolder): void {
  app[PARSER_AT_ROUTER] = QUERY_BY_GETTER;
}

interface ParserHolder {
  [PARSER_AT_ROUTER]?: unknown;
  settings: Record<string, unknown>;
}

/**
 * Called as an app creates its router. Express 4 installs its query parser then, with the
 * `query parser fn` of that moment: a later `app.set('query parser', …)` no longer changes how the
 * app parses, and with the setting deleted beforehand it parses with `qs`'s defaults.
 */
export function captureQueryParser(app: ParserHolder): void {
  app[PARSER_AT_ROUTER] = readQueryParserFn(app.settings) ?? parseQueryWithoutSetting;
}

/**
 * Express 4's query middleware, run as a request enters an app (the first layer of every app's router
 * in Express): `req.query` becomes an own, enumerable data property, as code that enumerates `req`
 * (`for…in`, `Object.keys`, assertion libraries) expects. Parsed with the `query parser fn` the app had
 * when its router was created, and only when nothing set `req.query` before: a mounted app keeps what
 * its parent parsed. A request without a query string costs a call that returns `{}` at once.
 */
export function parseQueryOnEntry(app: ParserHolder, req: { url?: string; query?: unknown }): void {
  const captured = app[PARSER_AT_ROUTER];
  if (captured === QUERY_BY_GETTER) {
    parkParsedQuery(req);
    return;
  }
  if (!req.query) parseQueryNow(app, req, captured);
}

// Out of line: the entry test above is inlined into the app's handler, where V8's inlining budget
// is better spent on the router's dispatch than on the parser.
function parseQueryNow(app: ParserHolder, req: { url?: string; query?: unknown }, captured: ParserHolder[typeof PARSER_AT_ROUTER]): void {
  const parser = captured ?? readQueryParserFn(app.settings);
  const parse = (typeof parser === 'function' ? parser : parseQueryWithoutSetting) as QueryParser;
  req.query = parse(queryStringOf(req.url ?? '') as string);
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * An Express 5 app entered from an Express 4 app: the parent's parsed query is parked, so the
 * getter answers with this app's parser; the parent gets it back as the request returns.
 */
function parkParsedQuery(req: { query?: unknown }): void {
  if (hasOwn.call(req, 'query')) {
    (req as Record<symbol, unknown>)[PARKED_QUERY] = req.query;
    delete req.query;
  }
}

/**
 * As a request goes back from a mounted app to `app`: an Express 4 app gets back the query it had
 * parsed before an Express 5 app parked it, an Express 5 app loses the own `req.query` an Express 4
 * app inside it set (its getter answers again). Requests that never crossed APIs change nothing.
 */
export function restoreQueryOnReturn(app: ParserHolder, req: { query?: unknown }): void {
  const byGetter = app[PARSER_AT_ROUTER] === QUERY_BY_GETTER;
  if (byGetter) {
    if (hasOwn.call(req, 'query')) delete req.query;
    return;
  }
  const parked = (req as Record<symbol, unknown>)[PARKED_QUERY];
  if (parked !== undefined && !hasOwn.call(req, 'query')) {
    req.query = parked;
    (req as Record<symbol, unknown>)[PARKED_QUERY] = undefined;
  }
}
