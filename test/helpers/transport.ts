// The transport a differential test reaches Portico through. `PORTICO_TRANSPORT=fetch` serves every
// Portico app through `app.fetch` behind a standard Node adapter (@hono/node-server), so the same
// differential suites check the fetch transport against the references over node:http
// (docs/fetch.md, "Differential testing through app.fetch"). The references (express@3/4/5) have no
// `fetch` member and always answer on node:http's own server, handed the request-target as the
// adapter reads it.
import assert from 'node:assert/strict';
import http from 'node:http';
import { createRequire } from 'node:module';

/** @hono/node-server, loaded only in fetch mode: node:http runs (and copies of the suites without it) never need it. */
function adapter(): typeof import('@hono/node-server') {
  return createRequire(__filename)('@hono/node-server') as typeof import('@hono/node-server');
}

/** The transport Portico apps are served through in this run. */
export type TransportName = 'node:http' | 'fetch';

/** `fetch` when `PORTICO_TRANSPORT=fetch`, else `node:http`. */
export const transport: TransportName = process.env.PORTICO_TRANSPORT === 'fetch' ? 'fetch' : 'node:http';

/** True when this run reaches Portico through `app.fetch`. */
export const fetchMode = transport === 'fetch';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type FetchHandler = (request: Request, context?: unknown) => Promise<Response>;

/** A Portico app (any entry: portico, portico/5, portico/legacy): the one kind of listener with `fetch`. */
export function hasFetch(listener: unknown): listener is Listener & { fetch: FetchHandler } {
  return typeof listener === 'function' && typeof (listener as { fetch?: unknown }).fetch === 'function';
}

/**
 * A server (not yet listening) answering with `listener`: in fetch mode a Portico app goes through
 * `app.fetch` behind @hono/node-server, given the client's address as app.fetch's options, and
 * anything else (a reference app, a plain function) through node:http's own server, after the
 * same adapter's reading of the request-target (`asTheAdapterReadsIt`).
 */
export function serveApp(listener: Listener, options: http.ServerOptions = {}): http.Server {
  if (!fetchMode) return http.createServer(options, listener);
  if (!hasFetch(listener)) return http.createServer(options, asTheAdapterReadsIt(listener));
  const appFetch = listener.fetch;
  return adapter().createAdaptorServer({
    fetch: (request, env) => {
      const socket = env.incoming.socket;
      return appFetch(request, { remoteAddress: socket.remoteAddress, remotePort: socket.remotePort, remoteFamily: socket.remoteFamily });
    },
    // The adapter would otherwise swap the process's global Request and Response for its own,
    // changing what the tests' own fetch calls and the reference see.
    overrideGlobalObjects: false,
    serverOptions: options,
  }) as http.Server;
}

/**
 * `listener` handed node's own request and response, but with `req.url` as a Fetch Request
 * carries it: a Request holds a parsed URL, not the request-target as sent, so the adapter
 * refuses with 400 what it cannot parse (a backslash in the path, a bad Host) and gives the app
 * the WHATWG serialisation (fragment dropped, dot segments resolved, some characters escaped).
 * The reference is given the same reading, so the request-target's spelling is the one thing not
 * compared in fetch mode; the answer is still the reference's own, written over node:http.
 */
function asTheAdapterReadsIt(listener: Listener): http.RequestListener {
  return adapter().getRequestListener(
    (request, env) => {
      const incoming = env.incoming as http.IncomingMessage;
      // A Request refuses a URL with credentials. The adapter builds the real Request only when a
      // member it does not hold itself is read, and app.fetch reads one (`body`) only for a method
      // that may carry a body: the adapter then answers 500; the same here. (Reading the Request
      // itself would have the adapter wrap node's request body in a stream, and the reference
      // could not read it.)
      const url = new URL(request.url);
      const bodiless = request.method === 'GET' || request.method === 'HEAD';
      if (!bodiless && (url.username !== '' || url.password !== '')) throw new TypeError('Request cannot be constructed from a URL that includes credentials');
      incoming.url = pathAndQuery(request.url);
      listener(incoming, env.outgoing as http.ServerResponse);
      // The adapter's marker for "answered on node's response already": it writes nothing more.
      return new Response(null, { headers: { 'x-hono-already-sent': '1' } });
    },
    { overrideGlobalObjects: false, autoCleanupIncoming: false },
  );
}

/** The path and query of an absolute URL's serialisation (a `?` with nothing after it kept), as app.fetch reads them. */
function pathAndQuery(href: string): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start === -1) return '/';
  const hash = href.indexOf('#', start);
  return hash === -1 ? href.slice(start) : href.slice(start, hash);
}

/**
 * Fields whose presence and value the fetch adapter decides, not the app: the connection's
 * persistence and the body's framing (a Fetch Response has no say in either).
 */
const ADAPTER_FIELDS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** The Content-Type @hono/node-server gives a Response with a body and none (Express never writes this spelling). */
const ADAPTER_DEFAULT_TYPE = 'text/plain; charset=UTF-8';

/**
 * One response header field (name lower-cased, value as latin1 text) as the differential suites
 * compare it: under node:http, the value unchanged; under the fetch transport, `undefined` for a
 * field the adapter decides (framing, persistence, its default Content-Type; a Content-Length
 * equal to `bodyLength`, the length of the body received) and each run of
 * non-ASCII bytes marked, not compared (node:http encodes a non-ASCII value by how the body is
 * written: latin1, or UTF-8 when the head goes out with a string body; a Headers value is a byte
 * string, sent as latin1 on every path).
 */
export function comparableField(name: string, value: string, bodyLength?: number): string | undefined {
  if (!fetchMode) return value;
  if (ADAPTER_FIELDS.has(name) || (name === 'content-type' && value === ADAPTER_DEFAULT_TYPE)) return undefined;
  // A Content-Length that is the body's length is framing too: the adapter sends one for a short
  // body it has read whole where node:http would send chunks. A length that is not the body's
  // (HEAD, 304, or a wrong one) is still compared.
  if (name === 'content-length' && bodyLength !== undefined && value === String(bodyLength)) return undefined;
  return value.replace(/[\x80-\xff]+/g, '\ufffd');
}

/**
 * A raw HTTP/1.1 response (status line, header lines, body, as latin1 text) as the differential
 * suites compare it. Under node:http, the bytes unchanged. Under the fetch transport, relaxed by
 * exactly what a Fetch Response cannot carry (docs/fetch.md): header names in one spelling, each
 * word capitalised (Headers lower-cases them; one fixed spelling keeps the suites' patterns such
 * as `Location:` meaningful), the lines of one name other than Set-Cookie joined with ", " (Headers keeps
 * one combined value per name; Set-Cookie alone stays several lines), header lines sorted by name
 * (Headers iterate sorted; a stable sort keeps the order of the lines of one name, so Set-Cookie
 * order still counts), each field through `comparableField`, a chunked body decoded (the
 * adapter picks the framing), and a 205's body and length left out (a Response has none).
 */
export function comparableMessage(raw: string): string {
  if (!fetchMode) return raw;
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return raw;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const fields = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
  const chunked = fields.some(([name, value]) => name === 'transfer-encoding' && /\bchunked\b/i.test(value));
  // A Response cannot have a body for 205 (node:http sends the app's): neither body is compared.
  const resetContent = statusLine.startsWith('HTTP/1.1 205 ');
  const body = resetContent ? '' : chunked ? dechunk(raw.slice(end + 4)) : raw.slice(end + 4);
  const kept: Array<[string, string]> = [];
  const combined = new Map<string, [string, string]>();
  for (const [name, sent] of fields) {
    const value = comparableField(name, sent, body.length);
    if (value === undefined || (resetContent && name === 'content-length')) continue;
    const first = name === 'set-cookie' ? undefined : combined.get(name);
    if (first !== undefined) first[1] += ', ' + value;
    else {
      const field: [string, string] = [name, value];
      kept.push(field);
      combined.set(name, field);
    }
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [statusLine, ...kept.map(([name, value]) => `${titleCase(name)}: ${value}`)].join('\r\n') + '\r\n\r\n' + body;
}

/** `content-length` → `Content-Length`. */
function titleCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * Under the fetch transport, is `ours` app.fetch refusing a status `reference` sent? A Response
 * cannot have a status of 600–999 (docs/fetch.md: ERR_PORTICO_FETCH_STATUS, answered as an error
 * by the app's error path), so the two answers cannot be equal; anything else still must be.
 */
export function statusRefusedByFetch(ours: string, reference: string): boolean {
  if (!fetchMode) return false;
  const status = (answer: string): number => Number(answer.slice(9, 12));
  return status(reference) >= 600 && status(ours) === 500;
}

/** Under the fetch transport, is this a 205, whose body a Response cannot carry (node:http sends it)? */
export function bodyNotCompared(status: number): boolean {
  return fetchMode && status === 205;
}

/**
 * Under the fetch transport, when `reference` sent a status of 600–999: asserts that `ours` is
 * app.fetch's refusal of it (a 500) and answers true, the answers being otherwise incomparable;
 * else false, and they are compared as usual.
 */
export function refusedStatus(ours: { status: number }, reference: { status: number }): boolean {
  if (!fetchMode || reference.status < 600) return false;
  assert.equal(ours.status, 500, 'app.fetch refuses a status of 600–999 (ERR_PORTICO_FETCH_STATUS)');
  return true;
}

/** The data of a chunked body (latin1 text), its trailer dropped; what cannot be parsed is kept as is. */
function dechunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = text.indexOf('\r\n', at);
    if (eol === -1) return out + text.slice(at);
    const size = parseInt(text.slice(at, eol), 16);
    if (Number.isNaN(size)) return out + text.slice(at);
    if (size === 0) return out;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

