import { isConnectionSpecificHeader } from './connection-headers';
import { HIGH_WATER_MARK, type FetchResponse, type ResponseState } from './fetch-response-state';

/*
 * The head of a fetch response: when node:http would write it, the Response is made from the
 * status and the header store, with a body of the bytes `end` carried or a stream `write` feeds.
 */

/** What `resolve` is called with once the client is gone before any head: no answer reaches anyone. */
export function goneResponse(): Response {
  return typeof Response.error === 'function' ? Response.error() : new Response(null, { status: 503 });
}

/** The head and the body so far: the Response is made and handed to `app.fetch`'s caller. */
export function sendHead(res: FetchResponse, state: ResponseState): void {
  const status = res.statusCode;
  const method = res.req.method;
  // The header store in one read; the fields are given to the Response as one record (one fill of
  // its Headers, a single call where the runtime's Headers are native), and the names holding a
  // list (Set-Cookie, each a header of its own) are appended to it after.
  const fields = res.getHeaders() as Record<string, number | string | string[] | undefined>;
  const init: Record<string, string> = {};
  let lists: string[] | undefined;
  for (const name in fields) {
    // Connection-specific fields describe a connection the Response does not have (and some
    // runtimes refuse them); Content-Length stays, as the body's declared length.
    if (isConnectionSpecificHeader(name, undefined)) continue;
    const value = fields[name];
    // (`__proto__` too: a record's key that would not be a field of it.)
    if (Array.isArray(value) || name === '__proto__') (lists ??= []).push(name);
    else if (value !== undefined) init[name] = typeof value === 'string' ? value : String(value);
  }
  const ending = state.ending;
  // node:http's implicit length, given to a response ended with its head (none for HEAD, 204, 304),
  // unless the app removed a Content-Length it had set (node records that in `_removedContLen`
  // and sends the body chunked: here it is then a stream of one chunk, whose length is not declared).
  let unsized = false;
  if (ending !== undefined && method !== 'HEAD' && status !== 204 && status !== 304 && !hasField(init, lists, fields, 'content-length')) {
    if (res.hasHeader('transfer-encoding') || (res as { _removedContLen?: unknown })._removedContLen === true) unsized = true;
    else init['content-length'] = String(ending.byteLength);
  }
  // A Response cannot carry a body for these, whatever the app writes (node:http sends none for the first three).
  const bodyAllowed = method !== 'HEAD' && status !== 204 && status !== 205 && status !== 304;
  // node:http sends a 205's body; a Response cannot, and a length it would not be followed by lies.
  if (status === 205 && method !== 'HEAD') {
    init['content-length'] = '0';
    if (lists !== undefined) lists = lists.filter((name) => name !== 'content-length');
  }
  let body: ConstructorParameters<typeof Response>[0] = null;
  if (bodyAllowed) {
    if (ending === undefined) body = openBodyStream(res, state);
    else if (unsized) body = singleChunkStream(ending);
    // Ended with its head: the bytes themselves, no stream.
    // (A Buffer's memory is an ArrayBuffer, never shared: what BodyInit's Uint8Array<ArrayBuffer> asks.)
    else body = ending.byteLength > 0 ? (ending as Uint8Array<ArrayBuffer>) : null;
  }
  let response: Response;
  try {
    response = makeResponse(body, { status, statusText: res.statusMessage, headers: init }, fields, lists);
  } catch {
    // A reason phrase the Response refuses (a runtime may allow none but the standard ones).
    try {
      response = makeResponse(body, { status, headers: init }, fields, lists);
    } catch (error) {
      // Nothing went out: the app (its error page) may still answer.
      state.controller = undefined;
      throw error;
    }
  }
  state.headSent = true;
  recordHead(res, status);
  const done = state.resolve;
  state.resolve = undefined;
  if (done !== undefined) done(response);
}

/**
 * The head in `_header`, as node keeps it once sent. Middleware reads it to learn whether the head
 * went out (express-session calls `_implicitHeader()` while it is empty, which would write a
 * second head), so it is set on every runtime, not only where the response's own `headersSent`
 * reads it (HEADER_FIELD). A runtime whose `_header` cannot be written keeps its own.
 */
function recordHead(res: FetchResponse, status: number): void {
  try {
    res._header = 'HTTP/1.1 ' + String(status) + ' ' + res.statusMessage + '\r\n\r\n';
  } catch {
    // An accessor without a setter.
  }
}

/** Is `name` among the fields kept for the Response (a single value, or a list)? */
function hasField(init: Record<string, string>, lists: string[] | undefined, fields: Record<string, unknown>, name: string): boolean {
  if (init[name] !== undefined) return true;
  const value = fields[name];
  return lists !== undefined && lists.includes(name) && Array.isArray(value) && value.length > 0;
}

/** The Response, with each item of the fields holding a list appended as a header of its own. */
function makeResponse(body: ConstructorParameters<typeof Response>[0], options: ResponseInit, fields: Record<string, unknown>, lists: string[] | undefined): Response {
  const response = new Response(body, options);
  if (lists !== undefined) {
    const headers = response.headers;
    for (const name of lists) {
      const value = fields[name];
      if (Array.isArray(value)) for (const item of value) headers.append(name, String(item));
      else if (value !== undefined) headers.append(name, String(value));
    }
  }
  return response;
}

function openBodyStream(res: FetchResponse, state: ResponseState): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        state.controller = controller;
      },
      pull() {
        if (!state.needDrain) return;
        state.needDrain = false;
        res.emit('drain');
      },
      cancel() {
        // The consumer stopped reading before the end: the client went away.
        state.streamClosed = true;
        if (!state.finished) state.socket.destroy();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}

function singleChunkStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}
