import { STATUS_CODES } from 'node:http';
import { posix } from 'node:path';
import { PorticoResponse } from '../response/response';
import type { PorticoRequest } from '../request/request';
import { createLocals, type LocalsFunction } from './locals-function';
import { isSharedPrototype, registerSharedPrototype } from '../request/shared-prototypes';
import { sendfileRelative } from '../response/sendfile-relative';
import { applyCharset, setLegacyHeader, writeLegacyRedirect } from './legacy-headers';
import { transportWriteHead } from '../transport/http2-objects';
import { STRING_BODY_ETAG } from '../http/etag';
import { EXPRESS3_RANGES } from '../http/express3-ranges';

const LOCALS = Symbol('portico.legacyLocals');

/** Callback of `res.sendfile`/`res.download`. */
export type LegacyFileCallback = (err?: Error) => void;

/** Options of the 3.x `res.sendfile`. */
export interface LegacySendfileOptions {
  maxAge?: number | string;
  root?: string;
  [option: string]: unknown;
}

/**
 * The response of a 3.x-style app: the 4.x response plus the 3.x forms (status first in
 * `send`/`json`/`jsonp` without deprecation, `sendfile`, `charset`, mount-relative redirects,
 * `res.locals` as a merging function).
 */
export class LegacyResponse extends PorticoResponse {
  /** The charset `res.send` labels a string body with (default `utf-8`). */
  declare charset: string | undefined;
  declare [LOCALS]: LocalsFunction | undefined;

  /**
   * `res.send([status], [body])`: a number alone sends its status text as plain text; a number or
   * Boolean after a status is sent as JSON. Strings are labelled utf-8 whatever `res.charset` says.
   */
  override send(first?: unknown, second?: unknown): this {
    let body = first;
    if (arguments.length === 2) {
      if (typeof first !== 'number' && typeof second === 'number') this.statusCode = second;
      else {
        this.statusCode = first as number;
        body = second;
      }
      if (typeof body === 'number' || typeof body === 'boolean') return this.json(body);
    } else if (typeof first === 'number') {
      // The string body gets its utf-8 label from the 4.x send; a code without text sends nothing.
      if (!this.getHeader('Content-Type')) this.setHeader('Content-Type', 'text/plain');
      this.statusCode = first;
      body = STATUS_CODES[first];
    }
    return super.send(body);
  }

  /** `res.set(field, value)` / `res.set(object)`, without 4.x's default charset. */
  override set(field: string | Record<string, unknown>, value?: unknown): this {
    setLegacyHeader(this as never, arguments.length, field, value);
    return this;
  }

  /** Alias of `set`. */
  override header(field: string | Record<string, unknown>, value?: unknown): this {
    setLegacyHeader(this as never, arguments.length, field, value);
    return this;
  }

  /** `res.redirect([status], url)` (or `url, status`), default 302, with the 3.x bodies. */
  override redirect(first: unknown, second?: unknown): void {
    let status = 302;
    let url = first as string;
    if (typeof first === 'number') {
      status = first;
      url = second as string;
    } else if (typeof second === 'number') status = second;
    this.location(url);
    writeLegacyRedirect(this as never, status, String(this.getHeader('Location')));
  }

  /** `res.json([status], [body])`. */
  override json(first?: unknown, second?: unknown): this {
    return super.json(statusFirst(this, arguments.length, first, second));
  }

  /** `res.jsonp([status], [body])`. */
  override jsonp(first?: unknown, second?: unknown): this {
    return super.jsonp(statusFirst(this, arguments.length, first, second));
  }

  /** `res.sendfile(path, [options], [fn])`: a relative path is relative to `root`, else to the working directory. */
  override sendfile(path: string, options?: LegacySendfileOptions | LegacyFileCallback, fn?: LegacyFileCallback): void {
    sendfileRelative(this, path, options, fn);
  }

  /**
   * `Location`, with the 3.x rule for relative URLs: `./x` and `../x` are relative to the current
   * path, a bare `x` to the app's mount point.
   */
  override location(url: string): this {
    return super.location(relativeToMount(this.req, this.app.path(), url));
  }
}

// `res.charset` applies to the Content-Type as the headers go out, however they were set (node's
// implicit headers call `writeHead` too).
Object.defineProperty(LegacyResponse.prototype, 'writeHead', {
  configurable: true,
  writable: true,
  value: function writeHead(this: LegacyResponse, ...args: unknown[]): unknown {
    applyCharset(this, this.charset);
    return transportWriteHead(this).apply(this, args);
  },
});

// Request-scoped template variables: a function; calling it with an object merges that object in.
// (An accessor on the prototype, because the 4.x response declares `locals` as a plain field.)
Object.defineProperty(LegacyResponse.prototype, 'locals', {
  configurable: true,
  get(this: LegacyResponse): LocalsFunction {
    // On the prototype (read by util.inspect, a debugger…): a fresh function each time, never stored there.
    if (isSharedPrototype(this)) return createLocals();
    let locals = this[LOCALS];
    if (locals === undefined) locals = this[LOCALS] = createLocals();
    return locals;
  },
  set(this: LegacyResponse, value: Record<string, unknown>) {
    const locals = (this as unknown as { locals: LocalsFunction }).locals;
    if (value !== locals) locals(value);
  },
});

/** Sorts out `(status, body)` and `(body, status)`; returns the body. */
function statusFirst(res: LegacyResponse, argc: number, first: unknown, second: unknown): unknown {
  if (argc !== 2) return first;
  // A number second is the status, whatever the first is (3.x: `res.json(200, 201)` sends 201 with body 200).
  if (typeof second === 'number') {
    res.statusCode = second;
    return first;
  }
  res.statusCode = first as number;
  return second;
}

/** Resolves a 3.x relative URL against the mount point (bare) or the current path (dot-relative). */
function relativeToMount(req: PorticoRequest, mountPath: string, url: string): string {
  // 'back' is the Referrer (4.x warns that it is deprecated; 3.x apps use it freely).
  if (url === 'back') return String(req.get('Referrer') || '/');
  if ( url.startsWith('/') || url.startsWith('//') || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url)) return url;
  if (url.startsWith('.')) {
    const current = (req.originalUrl || req.url || '/').split('?')[0];
    const base = current.endsWith('/') ? current : current + '/';
    // A URL that ends in a `.` or `..` segment names a folder, and 3.x's Location ends in `/` then.
    const folder = url === '.' || url === '..' || url.endsWith('/.') || url.endsWith('/..');
    return posix.normalize(base + url + (folder ? '/' : ''));
  }
  return mountPath + '/' + url;
}

// A 3.x app's own `etag` function is given string bodies as they are (see STRING_BODY_ETAG).
Object.defineProperty(LegacyResponse.prototype, STRING_BODY_ETAG, { configurable: true, value: true });
// Its file transfers read `Range` as 3.x read it (see EXPRESS3_RANGES).
Object.defineProperty(LegacyResponse.prototype, EXPRESS3_RANGES, { configurable: true, value: true });

registerSharedPrototype(LegacyResponse.prototype);
