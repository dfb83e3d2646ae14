import type { IncomingMessage, ServerResponse } from 'node:http';
import { Buffer } from 'node:buffer';
import { onHeaders } from './on-headers';
import { escapeLogValue } from './log-escape';

type Req = IncomingMessage & { originalUrl?: string; ip?: string };
type Res = ServerResponse;
/** A token: what `:name[arg]` prints for a request (undefined prints `-`). */
export type LoggerToken = (req: Req, res: Res, arg?: string) => string | number | undefined;
/** A compiled format: the line for a request. */
export type LoggerFormat = (tokens: Record<string, LoggerToken>, req: Req, res: Res) => string | undefined | null;

/** Options of `logger()`. */
export interface LoggerOptions {
  /** A predefined format name, a format string of `:tokens`, or a function. Default `default`. */
  format?: string | LoggerFormat;
  /** Where lines go (anything with `write`); default `process.stdout`. */
  stream?: { write(line: string): unknown };
  /** Log when the request arrives instead of when the response is done. */
  immediate?: boolean;
  /** Leave out the requests for which it returns true. */
  skip?: (req: Req, res: Res) => boolean;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const START = Symbol('portico.loggerStart');
const HEADERS_AT = Symbol('portico.loggerHeadersAt');
type Timed = { [START]?: bigint; [HEADERS_AT]?: bigint };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The request tokens of the 3.x logger. */
const tokens: Record<string, LoggerToken> = {
  url: (req) => req.originalUrl ?? req.url,
  method: (req) => req.method,
  status: (_req, res) => (res.headersSent ? res.statusCode : undefined),
  'response-time': (req, res) => {
    const start = (req as Timed)[START];
    const end = (res as Timed)[HEADERS_AT];
    return start === undefined || end === undefined ? undefined : (Number(end - start) / 1e6).toFixed(3);
  },
  date: (_req, _res, format) => {
    const now = new Date();
    if (format === 'iso') return now.toISOString();
    if (format === 'clf') {
      return pad2(now.getUTCDate()) + '/' + MONTHS[now.getUTCMonth()] + '/' + now.getUTCFullYear() + ':' +
        pad2(now.getUTCHours()) + ':' + pad2(now.getUTCMinutes()) + ':' + pad2(now.getUTCSeconds()) + ' +0000';
    }
    return now.toUTCString();
  },
  referrer: (req) => header(req.headers.referer ?? req.headers.referrer),
  'remote-addr': (req) => req.ip ?? req.socket?.remoteAddress,
  'remote-user': (req) => basicUserName(req.headers.authorization),
  'http-version': (req) => req.httpVersionMajor + '.' + req.httpVersionMinor,
  'user-agent': (req) => header(req.headers['user-agent']),
  req: (req, _res, field) => (field ? header(req.headers[field.toLowerCase()]) : undefined),
  res: (_req, res, field) => {
    if (!field || !res.headersSent) return undefined;
    const value = res.getHeader(field);
    return Array.isArray(value) ? value.join(', ') : (value as string | number | undefined);
  },
};

/** The user name of a `Basic` Authorization header (scheme in any case), as 3.x logged it; else none. */
function basicUserName(authorization: string | undefined): string | undefined {
  const match = authorization === undefined ? null : /^ *basic +([A-Za-z0-9+/]+=*) *$/i.exec(authorization);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}

/** A token whose value has its control characters escaped (see log-escape.ts). */
function escaping(fn: LoggerToken): LoggerToken {
  return (req, res, arg) => {
    const value = fn(req, res, arg);
    if (value === undefined || value === null || typeof value === 'number') return value;
    return escapeLogValue(String(value));
  };
}

// Every token, built in or added, is escaped, for format strings and format functions alike.
for (const name of Object.keys(tokens)) tokens[name] = escaping(tokens[name]);

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

const formats: Record<string, string | LoggerFormat> = {
  default: ':remote-addr - - [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
  combined: ':remote-addr - - [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
  common: ':remote-addr - - [:date] ":method :url HTTP/:http-version" :status :res[content-length]',
  short: ':remote-addr - :method :url HTTP/:http-version :status :res[content-length] - :response-time ms',
  tiny: ':method :url :status :res[content-length] - :response-time ms',
  // Coloured by status class: red 5xx, yellow 4xx, cyan 3xx, green otherwise.
  dev: (t, req, res) => {
    const status = res.statusCode;
    const color = status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : 32;
    return compile('\x1b[0m:method :url \x1b[' + color + 'm:status \x1b[0m:response-time ms - :res[content-length]\x1b[0m')(t, req, res);
  },
};

/** Compiles a format string: each `:name` or `:name[arg]` becomes its token's value, or `-`. */
function compile(format: string): LoggerFormat {
  return (t, req, res) =>
    format.replace(/:([-\w]{2,})(?:\[([^\]]+)\])?/g, (match, name: string, arg: string | undefined) => {
      const token = Object.prototype.hasOwnProperty.call(t, name) ? t[name] : undefined;
      if (!token) return match;
      const value = token(req, res, arg);
      return value === undefined || value === null || value === '' ? '-' : String(value);
    });
}

/** `logger([format | options])` with `logger.format(name, fmt)` and `logger.token(name, fn)`, as 3.x had them. */
export interface LoggerFactory {
  (options?: string | LoggerOptions): Middleware;
  format(name: string, format: string | LoggerFormat): LoggerFactory;
  token(name: string, fn: LoggerToken): LoggerFactory;
}

/**
 * The 3.x request logger: one line per request, written to `stream` when the response finishes
 * (or at once with `immediate`), in a predefined format (`default`, `combined`, `common`, `short`,
 * `tiny`, `dev`) or one of `:tokens`.
 */
export const logger: LoggerFactory = Object.assign(
  function createLogger(options?: string | LoggerOptions): Middleware {
    const opts: LoggerOptions = typeof options === 'string' ? { format: options } : (options ?? {});
    const chosen = opts.format ?? 'default';
    const named = typeof chosen === 'string' && Object.prototype.hasOwnProperty.call(formats, chosen) ? formats[chosen] : chosen;
    const line = typeof named === 'function' ? named : compile(named);
    const stream = opts.stream ?? process.stdout;
    const write = (req: Req, res: Res): void => {
      if (opts.skip?.(req, res)) return;
      const text = line(tokens, req, res);
      if (text != null) stream.write(text + '\n');
    };
    return function logger(req, res, next) {
      (req as Timed)[START] = process.hrtime.bigint();
      if (opts.immediate) write(req, res);
      else {
        onHeaders(res, () => ((res as Timed)[HEADERS_AT] = process.hrtime.bigint()));
        res.once('finish', () => write(req, res));
        res.once('close', () => {
          if (!res.writableFinished) write(req, res);
        });
      }
      next();
    };
  },
  {
    format(name: string, format: string | LoggerFormat): LoggerFactory {
      formats[name] = format;
      return logger;
    },
    token(name: string, fn: LoggerToken): LoggerFactory {
      tokens[name] = escaping(fn);
      return logger;
    },
  },
);
