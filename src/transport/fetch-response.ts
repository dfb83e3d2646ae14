import { ServerResponse, STATUS_CODES, type IncomingMessage } from 'node:http';
import { codedError, fetchError } from './fetch-errors';
import type { FetchSocket, GoneListener } from './fetch-socket';
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

/** How the response object is made: node's class, or the app's (made with the prototype in force). */
export type ResponseFactory = (req: IncomingMessage) => ServerResponse;

/**
 * What a fetch response keeps: its head, body stream and life, and what it listens to (the
 * request's AbortSignal, as an `EventListenerObject`; the socket's end, as a `GoneListener`), so
 * that nothing per request is a closure.
 */
class FetchResponseState implements ResponseState, GoneListener {
  resolve: ((response: Response) => void) | undefined;
  res: FetchResponse;
  socket: FetchSocket;
  /** The Request, whose signal is read only if the response is still open after the app's first run. */
  request: Request | undefined = undefined;
  signal: AbortSignal | undefined = undefined;
  /** Listening to `signal` (see listenForAbort). */
  listening = false;
  /** The abort is already on its way (the signal had aborted when looked at). */
  abortPending = false;
  headSent = false;
  ending: Uint8Array | undefined = undefined;
  controller: ReadableStreamDefaultController<Uint8Array> | undefined = undefined;
  streamClosed = false;
  needDrain = false;
  ended = false;
  finished = false;
  closed = false;
  cut = false;

  constructor(res: FetchResponse, socket: FetchSocket, resolve: (response: Response) => void) {
    this.res = res;
    this.socket = socket;
    this.resolve = resolve;
  }

  /** The request's signal aborted: the client went away. */
  handleEvent(): void {
    // The signal's reason (an AbortError) is what the body stream errors with.
    const reason: unknown = this.signal?.reason;
    this.socket.destroy(reason instanceof Error ? reason : undefined);
  }

  /** The socket was destroyed (the client went away, or the app destroyed it). */
  gone(error: Error | null): void {
    stopListening(this);
    cutFetchResponse(this.res, error);
  }
}

function stopListening(state: FetchResponseState): void {
  if (!state.listening) return;
  state.listening = false;
  (state.signal as AbortSignal).removeEventListener('abort', state);
}

const ONCE = { once: true } as const;

/**
 * Listens to the request's AbortSignal while the response is still open once the app's first
 * synchronous run is over. A response the app ended in that run (most: `res.send`, `res.json`) is
 * complete before the host can report anything (its 'finish' and 'close' follow on the next ticks,
 * ahead of any I/O), so it never reads the signal: no listener is added and removed per request.
 * A signal that had aborted before that (the client left before the app answered) is acted on
 * here, on the next tick.
 */
export function listenForAbort(res: ServerResponse): void {
  const state = (res as FetchResponse)[STATE] as FetchResponseState;
  if (state.abortPending || state.listening || state.ended || state.closed || state.cut) return;
  // Read here, not as the exchange is made: some hosts build the signal (and with it the whole
  // Request) only when it is read, as @hono/node-server does.
  const signal = (state.request?.signal ?? undefined) as AbortSignal | undefined;
  state.request = undefined;
  if (signal === undefined) return;
  state.signal = signal;
  if (signal.aborted) {
    state.abortPending = true;
    process.nextTick(abortNow, state);
    return;
  }
  state.listening = true;
  signal.addEventListener('abort', state, ONCE);
}

function abortNow(state: FetchResponseState): void {
  state.handleEvent();
}

/**
 * Makes node's response for `req` over `socket` (with `make`); `resolve` receives the Response
 * once its head is known. The `request`'s AbortSignal (the client going away, as the host reports it)
 * and the app destroying the socket or response both end it as a closed connection does.
 */
export function createFetchResponse(req: IncomingMessage, socket: FetchSocket, resolve: (response: Response) => void, make: ResponseFactory, request: Request): ServerResponse {
  const res = make(req) as FetchResponse;
  const state = new FetchResponseState(res, socket, resolve);
  // A field under a Symbol, as node keeps its own response state (`kOutHeaders`…).
  res[STATE] = state;
  // One defineProperty per member, from descriptors made once: cheaper in V8 than
  // `Object.defineProperties`, which reads each descriptor object anew.
  for (let i = 0; i < MEMBER_NAMES.length; i++) Object.defineProperty(res, MEMBER_NAMES[i] as string, MEMBER_DESCRIPTORS[i] as PropertyDescriptor);
  (res as { socket: unknown }).socket = socket;
  socket.onGone = state;
  // Its signal is listened to once the app's first run is over (see listenForAbort), and until
  // the response closes: then the signal no longer means anything to this exchange.
  state.request = request;
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
    throw codedError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', 'Invalid status code: ' + String(original));
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
  stopListening(state as FetchResponseState);
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

/**
 * Where node keeps the head in `_header` (HEADER_FIELD), its own `headersSent` (`!!this._header`)
 * and `writableEnded` (`this.finished`) read what `sendHead` and `end` set, as they are set: they
 * need no member of their own. Elsewhere (and with `PORTICO_HEADER_SHORTCUT=off`) the response
 * reports them itself, and its header methods refuse a header after the head.
 */
const RESPONSE_MEMBERS_WITH_HEADER_GUARDS: PropertyDescriptorMap = {
  ...RESPONSE_MEMBERS,
  headersSent: getter(function headersSent() {
    return this[STATE].headSent;
  }),
  writableEnded: getter(function writableEnded() {
    return this[STATE].ended;
  }),
};
for (const [name, action] of [['setHeader', 'set'], ['appendHeader', 'set'], ['removeHeader', 'remove']] as const) {
  const descriptor = guarded(name, action);
  if (descriptor !== undefined) RESPONSE_MEMBERS_WITH_HEADER_GUARDS[name] = descriptor;
}

const MEMBERS = HEADER_FIELD ? RESPONSE_MEMBERS : RESPONSE_MEMBERS_WITH_HEADER_GUARDS;
const MEMBER_NAMES = Object.keys(MEMBERS);
const MEMBER_DESCRIPTORS = MEMBER_NAMES.map((name) => MEMBERS[name]);
