import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

type WriteHead = ServerResponse['writeHead'];
type HeaderInput = OutgoingHttpHeaders | ReadonlyArray<string | number | readonly string[]>;

/**
 * Runs `listener` once, just before the response headers are written, whether `writeHead` is
 * called by the app or implicitly by the first `write`/`end` (node calls `this.writeHead` then).
 * Headers passed to `writeHead` are applied with `setHeader` first, so the listener sees them all.
 * Patching the instance is the only hook node offers; it is done once per request, by the
 * middleware that needs it.
 */
export function onHeaders(res: ServerResponse, listener: (res: ServerResponse) => void): void {
  const original: WriteHead = res.writeHead;
  let fired = false;

  function writeHeadHook(this: ServerResponse, statusCode: number, ...rest: unknown[]): ServerResponse {
    if (fired) return (original as (...a: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    fired = true;
    let reason: string | undefined;
    let headers: HeaderInput | undefined;
    if (typeof rest[0] === 'string') {
      reason = rest[0];
      headers = rest[1] as HeaderInput | undefined;
    } else {
      headers = rest[0] as HeaderInput | undefined;
    }
    this.statusCode = statusCode;
    if (headers) applyHeaders(this, headers);
    listener(this);
    return reason === undefined ? original.call(this, this.statusCode) : (original as (code: number, reason: string) => ServerResponse).call(this, this.statusCode, reason);
  }

  res.writeHead = writeHeadHook as WriteHead;
}

/** Applies an object of headers, or node's raw `[name, value, name, value]` / `[[name, value]]` lists. */
function applyHeaders(res: ServerResponse, headers: HeaderInput): void {
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
      if (value !== undefined) res.setHeader(name, value);
    }
    return;
  }
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(headers[0])) {
    for (const pair of headers as ReadonlyArray<readonly string[]>) pairs.push([String(pair[0]), String(pair[1])]);
  } else {
    for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
  }
  // Raw lists may repeat a name (several Set-Cookie): gather repeats into one array value.
  const grouped = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? values[0] : values);
}
