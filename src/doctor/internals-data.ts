/**
 * Express internals that code reads or patches, and whether Portico offers them. docs/migrating.md
 * ("What tools see in the router", "Known not to work") is the prose behind each line.
 */
export interface InternalUse {
  /** How the report names it. */
  readonly name: string;
  /** Matches a use in source text (global, so that every occurrence is found). */
  readonly pattern: RegExp;
  readonly supported: boolean;
  readonly note: string;
}

export const INTERNALS: readonly InternalUse[] = [
  { name: 'app._router', pattern: /\b\w*\._router\b/g, supported: true, note: 'the app router, created as Express 4 creates it (lazyrouter)' },
  { name: 'router.stack', pattern: /\b(?:_router|router|Router|app)\.stack\b/g, supported: true, note: 'the layer stack, beginning with the query and expressInit layers as on Express 4' },
  { name: 'layer.handle', pattern: /\blayer\.handle\b(?!_)/gi, supported: true, note: 'the layer\'s function; an accessor defined on Layer.prototype.handle wraps every handler' },
  { name: 'layer.handle_request / handle_error', pattern: /\.handle_(?:request|error)\b/g, supported: true, note: 'replacing them on Layer.prototype is what the next request runs' },
  { name: 'layer.regexp', pattern: /\.regexp\.fast_(?:slash|star)\b|\blayer\.regexp\b/gi, supported: true, note: 'with fast_slash and fast_star, as path-to-regexp 0.1 gives them' },
  { name: 'layer.keys[].offset', pattern: /\.offset\b(?=[^\n]*\bkeys?\b)|\bkeys?\[[^\]]*\]\.offset\b/g, supported: false, note: 'compiled keys have name and optional but no offset (the position in the RegExp source)' },
  { name: 'router.process_params', pattern: /\.process_params\b/g, supported: true, note: 'called once per matched layer when something wraps it' },
  { name: 'app.lazyrouter', pattern: /\.lazyrouter\b/g, supported: true, note: 'called from the same places as in Express 4; replacing it is honoured' },
  { name: 'req._parsedUrl', pattern: /\._parsedUrl\b/g, supported: false, note: 'Portico does not store parseurl\'s cache on req; read req.path, req.query or new URL(req.url, base)' },
  { name: 'req._parsedOriginalUrl', pattern: /\._parsedOriginalUrl\b/g, supported: false, note: 'not stored on req; parse req.originalUrl' },
  { name: 'req._body', pattern: /\breq\._body\b/g, supported: true, note: 'set by the body parsers once a body is read, as body-parser does' },
  { name: 'res._headers', pattern: /\bres\._headers\b/g, supported: true, note: 'Node\'s own deprecated accessor (DEP0066); it sees the headers Portico sets; prefer res.getHeaders()' },
  { name: 'res._headerNames', pattern: /\bres\._headerNames\b/g, supported: true, note: 'Node\'s own deprecated accessor (DEP0066); prefer res.getHeaderNames()' },
  { name: 'app.router (Express 3)', pattern: /\bapp\.router\b(?!\s*\()/g, supported: true, note: 'exists on portico/legacy apps; on Express 4 and Portico reading it throws' },
];
