import { IncomingMessage, OutgoingMessage, ServerResponse } from 'node:http';

/**
 * Setting a response header Portico composed itself, without node re-validating it.
 *
 * `res.send` sets `Content-Type`, `Content-Length` and `ETag` on every response. Node's
 * `setHeader` checks the name against the token grammar and the value for forbidden characters
 * each time; for a constant name and a value Portico built from digits, base64 or a constant,
 * those checks cannot fail, yet they cost about as much as the rest of `res.send`. This helper
 * stores such a header the way `setHeader` would (so `getHeader`, `getHeaderNames`, `removeHeader`
 * and the written head see exactly the same thing) and otherwise defers to `setHeader`:
 *  - when the response's `setHeader` is not node's own (middleware or an app's prototype wrapped it,
 *    and must see the call), or the head is already written (node's error must be thrown);
 *  - when node keeps its headers in a way the start-up probe below does not recognise.
 */

type HeaderEntry = [string, string];

type HeaderStore = Record<string, HeaderEntry | undefined>;

/**
 * A header name as written, and a reader and writer of its entry in node's store (keyed by the
 * lower-case name). They spell the key literally, so each header's accesses get an inline cache of
 * their own; one shared `store[key]` site sees every header and goes megamorphic.
 */
export interface HeaderName {
  readonly name: string;
  readonly read: (store: HeaderStore) => HeaderEntry | undefined;
  readonly write: (store: HeaderStore, entry: HeaderEntry) => void;
}

/** Checks once, as the module loads, that `read` and `write` use the key node would: the lower-case name. */
function headerName(name: string, read: HeaderName['read'], write: HeaderName['write']): HeaderName {
  const scratch: HeaderStore = {};
  const entry: HeaderEntry = [name, ''];
  write(scratch, entry);
  if (Object.keys(scratch).join() !== name.toLowerCase() || read(scratch) !== entry) {
    throw new Error('trusted-header: the accessors of ' + name + ' do not use its lower-case name');
  }
  return { name, read, write };
}

/** The headers `res.send`, `res.json`, the freshness check and `x-powered-by` write or read themselves. */
export const CONTENT_TYPE = headerName(
  'Content-Type',
  (s) => s['content-type'],
  (s, e) => void (s['content-type'] = e),
);
export const CONTENT_LENGTH = headerName(
  'Content-Length',
  (s) => s['content-length'],
  (s, e) => void (s['content-length'] = e),
);
export const ETAG = headerName(
  'ETag',
  (s) => s.etag,
  (s, e) => void (s.etag = e),
);
export const X_POWERED_BY = headerName(
  'X-Powered-By',
  (s) => s['x-powered-by'],
  (s, e) => void (s['x-powered-by'] = e),
);
export const LAST_MODIFIED = headerName(
  'Last-Modified',
  (s) => s['last-modified'],
  (s, e) => void (s['last-modified'] = e),
);

/** The headers the file sender (static, `res.sendFile`, `res.download`) writes, reads or removes. */
export const ACCEPT_RANGES = headerName(
  'Accept-Ranges',
  (s) => s['accept-ranges'],
  (s, e) => void (s['accept-ranges'] = e),
);
export const CACHE_CONTROL = headerName(
  'Cache-Control',
  (s) => s['cache-control'],
  (s, e) => void (s['cache-control'] = e),
);
export const CONTENT_ENCODING = headerName(
  'Content-Encoding',
  (s) => s['content-encoding'],
  (s, e) => void (s['content-encoding'] = e),
);
export const CONTENT_LANGUAGE = headerName(
  'Content-Language',
  (s) => s['content-language'],
  (s, e) => void (s['content-language'] = e),
);
export const CONTENT_RANGE = headerName(
  'Content-Range',
  (s) => s['content-range'],
  (s, e) => void (s['content-range'] = e),
);

/**
 * The symbol under which node keeps a message's headers, if node keeps them as this module expects.
 * `PORTICO_HEADER_SHORTCUT=off` in the environment at start-up turns the shortcut off: every
 * header then goes through node's public API, the path taken on a Node version the probe rejects
 * (the test runs use it to check both paths on every supported version).
 */
const HEADERS_KEY: symbol | undefined = process.env.PORTICO_HEADER_SHORTCUT === 'off' ? undefined : probeHeaderStore();

/**
 * The stores this module creates. Node creates its own with `Object.create(null)`, which V8 keeps
 * in dictionary mode: every header read and the `for…in` that writes the head then take the slow,
 * megamorphic path. An instance of this constructor also has no inherited keys (its prototype is
 * an empty object with a null prototype, so `store.constructor` or `store.__proto__` find
 * nothing), but starts in fast mode, with one shape shared by every response.
 */
const HeaderStoreObject = function HeaderStoreObject(): void {} as unknown as new () => HeaderStore;
HeaderStoreObject.prototype = Object.setPrototypeOf({}, null) as object;

const nodeSetHeader = OutgoingMessage.prototype.setHeader;
const nodeGetHeader = OutgoingMessage.prototype.getHeader;
const nodeRemoveHeader = OutgoingMessage.prototype.removeHeader;

/**
 * Finds node's header store on a throw-away response and checks that `setHeader` fills it with
 * `lower-case name → [name, value]` and that `getHeader` reads it back; anything else disables the shortcut.
 */
function probeHeaderStore(): symbol | undefined {
  try {
    const res = new ServerResponse(new IncomingMessage(null as never));
    const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
    if (key === undefined) return undefined;
    res.setHeader('X-Probe', 'a');
    const store = (res as unknown as Record<symbol, HeaderStore | null>)[key];
    if (store === null || typeof store !== 'object' || Object.getPrototypeOf(store) !== null) return undefined;
    const entry = store['x-probe'];
    if (!Array.isArray(entry) || entry.length !== 2 || entry[0] !== 'X-Probe' || entry[1] !== 'a') return undefined;
    store['x-second'] = ['X-Second', 'b'];
    if (res.getHeader('x-second') !== 'b' || res.getHeaderNames().join() !== 'x-probe,x-second') return undefined;
    return key;
  } catch {
    return undefined;
  }
}

/**
 * Sets `header` to `value`, a value known to be valid. Never call it with a value that came from
 * the app or the request: those go through `setHeader`.
 * Answers whether the header was stored directly (false: `setHeader` was called).
 */
export function setTrustedHeader(res: ServerResponse, header: HeaderName, value: string): boolean {
  if (HEADERS_KEY === undefined || res.setHeader !== nodeSetHeader || res.headersSent) {
    res.setHeader(header.name, value);
    return false;
  }
  const holder = res as unknown as Record<symbol, HeaderStore | null>;
  let store = holder[HEADERS_KEY];
  if (store === null) holder[HEADERS_KEY] = store = new HeaderStoreObject();
  header.write(store, [header.name, value]);
  return true;
}

/** Does `readHeader` read node's store itself (`getHeader` is node's own), so that a read is not observed? */
export function readsHeadersDirectly(res: ServerResponse): boolean {
  return HEADERS_KEY !== undefined && res.getHeader === nodeGetHeader;
}

/**
 * `res.getHeader(header.name)`, read from node's store by its lower-case key without the
 * lower-casing copy `getHeader` makes; through `getHeader` when that was wrapped.
 */
export function readHeader(res: ServerResponse, header: HeaderName): string | number | string[] | undefined {
  if (HEADERS_KEY === undefined || res.getHeader !== nodeGetHeader) return res.getHeader(header.name);
  const store = (res as unknown as Record<symbol, HeaderStore | null>)[HEADERS_KEY];
  if (store === null) return undefined;
  const entry = header.read(store);
  return entry === undefined ? undefined : entry[1];
}

/**
 * `res.removeHeader(header.name)`, skipped when the header is not there. On the wire the two are the
 * same; the call is still made when `removeHeader` was wrapped (the wrapper must see it), and when
 * the head is written (node's error must be thrown).
 */
export function removeHeaderIfSet(res: ServerResponse, header: HeaderName): void {
  if (HEADERS_KEY === undefined || res.removeHeader !== nodeRemoveHeader || res.headersSent) {
    res.removeHeader(header.name);
    return;
  }
  const store = (res as unknown as Record<symbol, HeaderStore | null>)[HEADERS_KEY];
  if (store !== null && header.read(store) !== undefined) res.removeHeader(header.name);
}

/** Is the shortcut active on this Node version (tests check both paths give the same answers). */
export const trustedHeadersActive = HEADERS_KEY !== undefined;
