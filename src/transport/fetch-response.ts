import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { fetchError } from './fetch-errors';
import type { FetchSocket } from './fetch-socket';
import { cancelRequestBody, settleRequestBody } from './fetch-request';
import { EMPTY, HEADER_FIELD, STATE, headersSentError, streamError, toBytes, type FetchResponse, type ResponseState } from './fetch-response-state';
import { goneResponse, sendHead } from './fetch-head';

/**
 * node:http's `ServerResponse`, whose head and body become a fetch `Response` instead of bytes on a
 * socket. The object is node's own (its header store, `setHeader`, `getHeader`… are node's, and the
 * app's prototype is adopted as for any node:http response); only the members that would write to
 * the connection are its own, defined on it as it is made (`writeHead`, `write`, `end`,
 * `flushHeaders`, `destroy`, and the states they report). Nothing above the transport knows.
 *
 * The head goes out as node:http sends it: on `writeHead`, or implicitly on the first `write` or
 * `end` (through the response's `_implicitHeader`, so that wrappers of `writeHead` see it). The
 * Response is made then and `app.fetch` resolves with it. Its body is the bytes `end` carried when
 * the head went out with it (with node's implicit `Content-Length`), or a ReadableStream fed by
 * `write` with backpressure: `write` answers false once the stream's queue holds a high-water mark,
 * and `drain` is emitted when the consumer has pulled it below.
 */

/** Makes node's response for `req` over `socket`; `resolve` receives the Response once its head is known. */
export function createFetchResponse(req: IncomingMessage, socket: FetchSocket, resolve: (response: Response) => void): ServerResponse {
  const res = new ServerResponse(req) as FetchResponse;
  const state: ResponseState = {
    resolve,
    socket,
    headSent: false,
    ending: undefined,
    controller: undefined,
    streamClosed: false,
    needDrain: false,
    ended: false,
    finished: false,
    closed: false,
    cut: false,
  };
  Object.defineProperty(res, STATE, { configurable: true, enumerable: false, writable: false, value: state });
  Object.defineProperties(res, HEADER_FIELD ? RESPONSE_MEMBERS : RESPONSE_MEMBERS_WITH_HEADER_GUARDS);
  (res as { socket: unknown }).socket = socket;
  return res;
}

function implicitHeader(res: FetchResponse): void {
  if (typeof res._implicitHeader === 'function') res._implicitHeader();
  else res.writeHead(res.statusCode);
}

/** Queues `bytes` on the body stream; answers what node's `write` answers (false: wait for `drain`). */
function enqueue(state: ResponseState, bytes: Uint8Array): boolean {
  const controller = state.controller;
  if (controller === undefined || state.streamClosed) return true;
  if (bytes.byteLength > 0) controller.enqueue(bytes);
  if ((controller.desiredSize ?? 1) <= 0) {
    state.needDrain = true;
    return false;
  }
  return true;
}

type Callback = (error?: Error | null) => void;

function writeHead(this: FetchResponse, statusCode: number, reason?: unknown, headers?: unknown): FetchResponse {
  const state = this[STATE];
  if (state.headSent) throw headersSentError('write');
  const original = statusCode;
  const status = statusCode | 0;
  if (status < 100 || status > 999) {
    throw Object.assign(new RangeError('Invalid status code: ' + String(original)), { code: 'ERR_HTTP_INVALID_STATUS_CODE' });
  }
  let fields = headers;
  if (typeof reason === 'string') this.statusMessage = reason;
  else {
    if (!this.statusMessage) this.statusMessage = STATUS_CODES[status] ?? 'unknown';
    fields ??= reason;
  }
  this.statusCode = status;
  if (fields !== undefined && fields !== null && typeof fields === 'object') applyHeaders(this, fields);
  if (status < 200) throw fetchError('ERR_PORTICO_FETCH_INFORMATIONAL', 'status ' + String(status));
  if (status > 599) throw fetchError('ERR_PORTICO_FETCH_STATUS', 'status ' + String(status));
  sendHead(this, state);
  return this;
}

/** `writeHead`'s headers: an object, a flat `[name, value, …]` array or an array of pairs; repeated names accumulate. */
function applyHeaders(res: FetchResponse, fields: object): void {
  if (!Array.isArray(fields)) {
    for (const name of Object.keys(fields)) if (name) res.setHeader(name, (fields as Record<string, string | number | string[]>)[name] as string);
    return;
  }
  const flat: unknown[] = Array.isArray(fields[0]) ? (fields as unknown[][]).flat() : fields;
  const seen = new Set<string>();
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = String(flat[i]);
    const value = flat[i + 1] as string;
    const key = name.toLowerCase();
    if (seen.has(key)) {
      const previous = res.getHeader(name);
      res.setHeader(name, ([] as unknown[]).concat(previous ?? [], value).map(String));
    } else res.setHeader(name, value);
    seen.add(key);
  }
}

function write(this: FetchResponse, chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
  const state = this[STATE];
  let done = callback as Callback | undefined;
  if (typeof encoding === 'function') done = encoding as Callback;
  if (state.ended) {
    const error = streamError('ERR_STREAM_WRITE_AFTER_END', 'write after end');
    const emit = !this.destroyed;
    process.nextTick(() => {
      if (typeof done === 'function') done(error);
      if (emit) this.emit('error', error);
    });
    return false;
  }
  const bytes = toBytes(chunk, encoding);
  if (state.cut) {
    if (typeof done === 'function') process.nextTick(done, streamError('ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed'));
    return false;
  }
  if (!state.headSent) implicitHeader(this);
  const ok = enqueue(state, bytes);
  if (typeof done === 'function') process.nextTick(done);
  return ok;
}

function end(this: FetchResponse, chunk?: unknown, encoding?: unknown, callback?: unknown): FetchResponse {
  const state = this[STATE];
  let body = chunk;
  let done = callback as Callback | undefined;
  if (typeof chunk === 'function') {
    done = chunk as Callback;
    body = undefined;
  } else if (typeof encoding === 'function') done = encoding as Callback;
  if (state.ended) {
    if (typeof done === 'function') {
      if (state.finished) process.nextTick(done, streamError('ERR_STREAM_ALREADY_FINISHED', 'Cannot call end after a stream was finished'));
      else this.once('finish', done);
    }
    return this;
  }
  const bytes = body === undefined || body === null ? undefined : toBytes(body, encoding);
  if (!state.headSent && !state.cut) {
    state.ending = bytes ?? EMPTY;
    try {
      implicitHeader(this);
    } finally {
      state.ending = undefined;
    }
  } else if (bytes !== undefined && !state.cut) enqueue(state, bytes);
  state.ended = true;
  (this as { finished: boolean }).finished = true;
  if (state.controller !== undefined && !state.streamClosed) {
    state.streamClosed = true;
    state.controller.close();
  }
  if (typeof done === 'function') this.once('finish', done);
  if (!state.cut) process.nextTick(emitFinish, this, state);
  return this;
}

/** 'finish', then 'close', as node:http emits them once a response has gone out. */
function emitFinish(res: FetchResponse, state: ResponseState): void {
  if (state.cut) return;
  state.finished = true;
  res.emit('finish');
  process.nextTick(emitClose, res, state);
}

function emitClose(res: FetchResponse, state: ResponseState): void {
  if (state.closed) return;
  state.closed = true;
  // node:http marks a response destroyed once it has closed, whether it finished or not.
  (res as { destroyed: boolean }).destroyed = true;
  state.socket.onGone = undefined;
  settleRequestBody(res.req);
  res.emit('close');
}

/**
 * The client went away (the request's signal aborted, the body stream was cancelled) or the app
 * destroyed the socket or the response: the body stream errors, the request body is no longer
 * read, the request is aborted and both emit 'close', as when node's socket closes.
 */
export function cutFetchResponse(res: ServerResponse, error: Error | null): void {
  const target = res as FetchResponse;
  const state = target[STATE];
  if (state === undefined || state.closed || state.cut) return;
  state.cut = true;
  // What node's `stream.finished` reports for a client that went away, which adapters recognise as
  // such (and log anything else as a failure).
  const reason = error ?? Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  if (state.controller !== undefined && !state.streamClosed) {
    state.streamClosed = true;
    try {
      state.controller.error(reason);
    } catch {
      // Already closed by the consumer.
    }
  }
  const done = state.resolve;
  state.resolve = undefined;
  if (done !== undefined) done(goneResponse());
  const req = target.req;
  cancelRequestBody(req);
  if (!req.destroyed) req.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  process.nextTick(emitClose, target, state);
}

function destroy(this: FetchResponse, error?: Error): FetchResponse {
  this[STATE].socket.destroy(error);
  return this;
}

function flushHeaders(this: FetchResponse): void {
  if (!this[STATE].headSent) implicitHeader(this);
}

function refuse(code: 'ERR_PORTICO_FETCH_TRAILERS' | 'ERR_PORTICO_FETCH_INFORMATIONAL', what: string): () => never {
  return function unsupported(): never {
    throw fetchError(code, what);
  };
}

function method(fn: (...args: never[]) => unknown): PropertyDescriptor {
  return { configurable: true, writable: true, enumerable: false, value: fn };
}

function getter(get: (this: FetchResponse) => unknown): PropertyDescriptor {
  return { configurable: true, enumerable: false, get };
}

const RESPONSE_MEMBERS: PropertyDescriptorMap = {
  writeHead: method(writeHead),
  writeHeader: method(writeHead),
  write: method(write),
  end: method(end),
  destroy: method(destroy),
  flushHeaders: method(flushHeaders),
  addTrailers: method(refuse('ERR_PORTICO_FETCH_TRAILERS', 'res.addTrailers')),
  writeContinue: method(refuse('ERR_PORTICO_FETCH_INFORMATIONAL', 'res.writeContinue')),
  writeProcessing: method(refuse('ERR_PORTICO_FETCH_INFORMATIONAL', 'res.writeProcessing')),
  writeEarlyHints: method(refuse('ERR_PORTICO_FETCH_INFORMATIONAL', 'res.writeEarlyHints')),
  headersSent: getter(function headersSent() {
    return this[STATE].headSent;
  }),
  writableEnded: getter(function writableEnded() {
    return this[STATE].ended;
  }),
  writableFinished: getter(function writableFinished() {
    return this[STATE].finished;
  }),
  writableNeedDrain: getter(function writableNeedDrain() {
    const state = this[STATE];
    return !state.cut && !state.ended && state.needDrain;
  }),
};

/** The header methods of a runtime whose response does not refuse headers after the head (see HEADER_FIELD). */
function guarded(name: 'setHeader' | 'appendHeader' | 'removeHeader', action: 'set' | 'remove'): PropertyDescriptor | undefined {
  const original = (ServerResponse.prototype as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>)[name];
  if (typeof original !== 'function') return undefined;
  return method(function guardedHeader(this: FetchResponse, ...args: unknown[]): unknown {
    if (this[STATE].headSent) throw headersSentError(action);
    return original.apply(this, args);
  });
}

const RESPONSE_MEMBERS_WITH_HEADER_GUARDS: PropertyDescriptorMap = { ...RESPONSE_MEMBERS };
for (const [name, action] of [['setHeader', 'set'], ['appendHeader', 'set'], ['removeHeader', 'remove']] as const) {
  const descriptor = guarded(name, action);
  if (descriptor !== undefined) RESPONSE_MEMBERS_WITH_HEADER_GUARDS[name] = descriptor;
}
