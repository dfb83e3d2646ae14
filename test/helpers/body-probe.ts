import type http from 'node:http';
import portico from '../../src/index';
import type { FrameworkLike } from './compare';
import { send, withServer, type Listener, type SimpleRequest } from './server';

/**
 * An app for observing the body parsers on either framework: request headers drive what happens
 * before the parsers (`x-pre-*`), the parsers under test run, and the response reports `req.body`
 * or, through an error handler, every observable property of the error.
 */

export type ParserKind = 'json' | 'raw' | 'text' | 'urlencoded';
export type ParserSpec = [ParserKind, Record<string, unknown>?];

type Req = http.IncomingMessage & { body?: unknown; _body?: boolean };
type Res = http.ServerResponse & { status(code: number): Res; json(value: unknown): void };
type Next = (err?: unknown) => void;

/** A JSON-safe picture of any value: Buffers as hex, null-prototype objects marked. */
export function picture(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { buffer: value.toString('hex') };
  if (Array.isArray(value)) return value.map(picture);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    if (Object.getPrototypeOf(value) === null) out['(null prototype)'] = true;
    // defineProperty: a `__proto__` key must stay an own key of the picture, as it is of the body.
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: picture(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value === undefined ? '(undefined)' : value;
}

/** Everything an error handler can see of an error, as JSON: its own properties, enumerable or not. */
export function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { notAnError: picture(err) };
  const e = err as Error & Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(e)) fields[key] = picture(e[key]);
  // Own properties that enumeration misses (an app still reads them by name); the stack's frames differ.
  const hidden: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(e)) if (key !== 'stack' && !(key in fields)) hidden[key] = picture(e[key]);
  return {
    ctor: e.constructor?.name,
    name: e.name,
    message: e.message,
    keys: Object.keys(e),
    status: picture(e.status),
    statusCode: picture(e.statusCode),
    expose: picture(e.expose),
    type: picture(e.type),
    isSyntaxError: e instanceof SyntaxError,
    fields,
    hidden,
  };
}

/** What happens before the parsers, driven by request headers. */
function prepare(req: Req, _res: Res, next: Next): void {
  const h = req.headers;
  if (typeof h['x-pre-length'] === 'string') req.headers['content-length'] = h['x-pre-length'];
  if (typeof h['x-pre-body'] === 'string') req.body = JSON.parse(h['x-pre-body']);
  if (h['x-pre-flag'] !== undefined) req._body = true;
  if (typeof h['x-pre-encoding'] === 'string') req.setEncoding(h['x-pre-encoding'] as BufferEncoding);
  if (h['x-pre-pause'] !== undefined) req.pause();
  if (h['x-pre-consume'] !== undefined) {
    req.on('data', () => {});
    req.on('end', () => next());
    return;
  }
  next();
}

/** A `verify` driven by the `x-verify` header: what it throws, if anything. */
export function probeVerify(req: http.IncomingMessage, _res: http.ServerResponse, buf: Buffer, encoding: string | null): void {
  req.headers['x-verify-saw'] = JSON.stringify([Buffer.isBuffer(buf) ? buf.toString('hex') : typeof buf, encoding]);
  const kind = req.headers['x-verify'];
  if (kind === undefined) return;
  if (kind === 'string') throw 'verify refused';
  if (kind === 'object') throw { message: 'an object' };
  const error = new (kind === 'type-error' ? TypeError : Error)('verify refused') as Error & Record<string, unknown>;
  if (kind === 'status') error.status = 401;
  if (kind === 'status-200') error.statusCode = 200;
  if (kind === 'status-600') error.status = 600;
  if (kind === 'typed') error.type = 'custom.type';
  if (kind === 'body') error.body = 'its own body';
  throw error;
}

/** A `type` predicate driven by the `x-type` header. */
export function probeType(req: http.IncomingMessage): boolean {
  return req.headers['x-type'] === 'yes';
}

/** Builds the probe app on `framework` with the given parsers (options may hold functions). */
export function probeApp(framework: FrameworkLike, parsers: ParserSpec[]): Listener {
  const app = framework();
  const fw = framework as unknown as Record<ParserKind, (o?: unknown) => unknown>;
  const use = app.use.bind(app) as (...handlers: unknown[]) => unknown;
  use(prepare);
  for (const [kind, options] of parsers) use(options === undefined ? fw[kind]() : fw[kind](options));
  use(function report(req: Req, res: Res) {
    res.status(200).json({
      body: picture(req.body),
      hasBody: 'body' in req,
      flag: picture(req._body),
      verifySaw: req.headers['x-verify-saw'] ?? null,
    });
  });
  use(function reportError(err: unknown, req: Req, res: Res, _next: Next) {
    const status = (err as { status?: unknown }).status;
    res.status(typeof status === 'number' && status >= 400 && status < 600 ? status : 500).json({
      error: describeError(err),
      body: picture(req.body),
      flag: picture(req._body),
      verifySaw: req.headers['x-verify-saw'] ?? null,
    });
  });
  return app as unknown as Listener;
}

/** What the probe app answered: the status and its JSON. */
export interface ProbeAnswer {
  status: number;
  // The probe's JSON, loosely typed for concise assertions.
  json: { body?: unknown; flag?: unknown; verifySaw?: string | null; error?: Record<string, unknown> & { fields: Record<string, unknown> } };
}

/** Sends `request` through the given parsers on a Portico probe app and returns its answer. */
export async function probe(parsers: ParserSpec[], request: SimpleRequest): Promise<ProbeAnswer> {
  return withServer(probeApp(portico as unknown as FrameworkLike, parsers), async ({ port }) => {
    const res = await send(port, request);
    return { status: res.status, json: JSON.parse(res.text) as ProbeAnswer['json'] };
  });
}

/** A POST with the given Content-Type and body (Content-Length set). */
export function postBody(type: string | undefined, body: string | Buffer, headers: Record<string, string> = {}): SimpleRequest {
  return {
    method: 'POST',
    path: '/',
    headers: { ...(type === undefined ? {} : { 'content-type': type }), 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  };
}
