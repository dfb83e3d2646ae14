import { readQueryParserFn } from '../settings/settings';
import type { PorticoRequest } from './request';
import { parseQueryWithoutSetting, type QueryParser } from '../settings/compile-query-parser';

/** Where the parsed query lives once read (or once an app assigns `req.query`). */
const QUERY = Symbol('portico.query');

interface QueryHolder {
  [QUERY]?: unknown;
}

/**
 * The value an HTTP/2 request's query field is created with before its prototype changes (a field
 * added after that change would give each request a V8 map of its own): "not parsed yet", as the
 * absent field says on an HTTP/1 request.
 */
const QUERY_UNREAD: unique symbol = Symbol('portico.queryUnread');

/** Creates the query field on a request, unread. */
export function declareQueryField(req: object): void {
  (req as QueryHolder)[QUERY] = QUERY_UNREAD;
}

/**
 * The query string of a request-target: after the first `?` and before a `#`;
 * `null` when there is none (a custom parser sees `null`, as with Express's URL parsing).
 */
export function queryStringOf(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  const hash = url.indexOf('#');
  if (hash !== -1 && hash < q) return null;
  return hash === -1 ? url.slice(q + 1) : url.slice(q + 1, hash);
}

/** Where an app keeps the `query parser fn` it had when its router was created. */
const PARSER_AT_ROUTER = Symbol('portico.queryParserAtRouter');

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
  app[PARSER_AT_ROUTER] = readQueryParserFn(app.settings);
}

/**
 * The parser that applies: Express 4 parses as the request enters the outermost app, so a mounted
 * app's own `query parser` never applies to requests coming through its parent.
 */
function queryParserOf(req: PorticoRequest): QueryParser | undefined {
  let app = req.app;
  if (app === undefined) return undefined;
  while (app.parent !== undefined) app = app.parent;
  const holder = app as unknown as ParserHolder;
  const parser = PARSER_AT_ROUTER in holder ? holder[PARSER_AT_ROUTER] : readQueryParserFn(app.settings);
  return (typeof parser === 'function' ? parser : parseQueryWithoutSetting) as QueryParser;
}

/**
 * `req.query`: parsed once, on first read, with the `query parser` of the app the request entered;
 * `{}` when parsing is off, `qs` with its defaults when the setting was deleted. The query string is that of the URL as received (`originalUrl`), so
 * middleware rewriting `req.url` does not change it. Assignable, as Express 4's own-property `req.query` is.
 */
export function getQuery(req: PorticoRequest): unknown {
  const holder = req as QueryHolder;
  const held = holder[QUERY];
  if (held !== QUERY_UNREAD && (held !== undefined || QUERY in holder)) return held;
  const parse = queryParserOf(req);
  const url = req.originalUrl ?? req.url ?? '';
  const value = typeof parse === 'function' ? parse(queryStringOf(url) as string) : {};
  holder[QUERY] = value;
  return value;
}

/** Replaces `req.query` for the rest of the request (apps and middleware assign it). */
export function setQuery(req: PorticoRequest, value: unknown): void {
  (req as QueryHolder)[QUERY] = value;
}
