/**
 * The `end` and `write` of an HTTP/2 response while nothing has wrapped them: the twin's `end` and
 * node:http2's own `write` (src/transport/http2-objects.ts exports them, and the application layer records them here when it loads that module; until then no
 * response is an HTTP/2 one). `res.send` hands node:http an ASCII string body as it is, since no
 * one but node sees it, and a Buffer otherwise (what Express hands a wrapped `res.end`). Over
 * HTTP/2, node's `end` passes the body to `res.write`, so both must be unwrapped for the same
 * shortcut: the string then reaches the stream as it is, without a copy into a Buffer.
 * Kept apart from http2-objects.ts so that `res.send` can ask without loading node:http2.
 */
let http2End: unknown;
let http2Write: unknown;

/** Called once, as http2-objects.ts loads, with the twin's `end` and node:http2's `write`. */
export function recordHttp2BodyMethods(end: unknown, write: unknown): void {
  http2End = end;
  http2Write = write;
}

/** Is `res` an HTTP/2 response whose `end` and `write` are still those recorded (nothing observes its body)? */
export function hasUnwrappedHttp2Body(res: { end: unknown; write: unknown }): boolean {
  return http2End !== undefined && res.end === http2End && res.write === http2Write;
}
