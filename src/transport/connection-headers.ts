/**
 * Connection-specific header fields (RFC 9113 §8.2.2): meaningful on one HTTP/1.1 connection,
 * forbidden on an HTTP/2 stream. node:http2 throws ERR_HTTP2_INVALID_CONNECTION_HEADERS when a
 * response carries one, which would turn an app that sets `Connection: close` into a reset stream.
 * `TE` is allowed with the single value `trailers`, spelled so (node refuses ` Trailers `).
 */
const CONNECTION_SPECIFIC = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te']);

/**
 * The lengths of those names, indexed by length: every header an HTTP/2 response sets is checked,
 * and most (`Content-Type`, `ETag`, `Cache-Control`…) are told apart by their length alone, with
 * no lower-case copy of the name.
 */
const POSSIBLE_LENGTH = new Uint8Array(18);
for (const name of CONNECTION_SPECIFIC) POSSIBLE_LENGTH[name.length] = 1;

/** Would this header be refused on an HTTP/2 response? */
export function isConnectionSpecificHeader(name: string, value: unknown): boolean {
  if (name.length >= POSSIBLE_LENGTH.length || POSSIBLE_LENGTH[name.length] === 0) return false;
  const lower = name.toLowerCase();
  if (!CONNECTION_SPECIFIC.has(lower)) return false;
  // node:http2 takes `TE` only as the exact string `trailers`: any other spelling fails the response.
  return !(lower === 'te' && value === 'trailers');
}

/**
 * The headers argument of `writeHead` without its connection-specific fields: an object, or
 * node's flat `[name, value, name, value…]` array (an array of pairs is flattened first).
 */
export function withoutConnectionHeaders(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    const flat: unknown[] = Array.isArray(headers[0]) ? (headers as unknown[][]).flat() : headers;
    const kept: unknown[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      if (!isConnectionSpecificHeader(String(flat[i]), flat[i + 1])) kept.push(flat[i], flat[i + 1]);
    }
    return kept;
  }
  if (headers === null || typeof headers !== 'object') return headers;
  const record = headers as Record<string, unknown>;
  let kept: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    if (!isConnectionSpecificHeader(key, record[key])) continue;
    if (kept === undefined) kept = { ...record };
    delete kept[key];
  }
  return kept ?? headers;
}
