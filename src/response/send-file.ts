import { isAbsolute } from 'node:path';
import type { Stats } from 'node:fs';
import type { OutgoingHttpHeader } from 'node:http';
import type { PorticoResponse } from './response';
import { transferFile, compileFileOptions, fileHttpError, type FileOptions, type TransferHooks } from '../files/index';
import type { FileProfile } from '../files/file-profile';
import { appSettingBy } from '../settings/app-setting';
import { readSetting, type Settings } from '../settings/settings';

/** Options of `res.sendFile` (the file-transfer table of the spec). */
export interface SendFileOptions extends FileOptions {
  /** Headers set on the response when the file is found. */
  /** Header values of any type, as `@types/express` takes them: node's `setHeader` writes them as strings. */
  headers?: Record<string, unknown>;
}

/** `fn(err)`: called once the transfer ended, with the error if there was one. */
export type SendFileCallback = (err?: Error) => void;

/**
 * `res.sendFile(path, [options], [fn])`: transfers a file, with `Content-Type` from its extension.
 * `path` must be absolute unless `options.root` is set; with a root, the path (even with `..`) must
 * resolve inside it (else 403). `fn(err)` runs on completion or error; without it, errors go to
 * `next(err)`, a directory to `next()`, and a client that disconnected is not an error.
 */
export function sendFile(this: PorticoResponse, path: string, options?: SendFileOptions | SendFileCallback, callback?: SendFileCallback): void {
  sendFileWith(this, undefined, path, options, callback);
}

/** `res.sendFile` with the file defaults of `profile` (Express 4's when undefined). */
export function sendFileWith(
  res: PorticoResponse,
  profile: FileProfile | undefined,
  path: string,
  options?: SendFileOptions | SendFileCallback,
  callback?: SendFileCallback,
): void {
  if (!path) throw new TypeError('path argument is required to res.sendFile');
  if (typeof path !== 'string') throw new TypeError('path must be a string to res.sendFile');
  let opts: SendFileOptions | undefined;
  let done = callback;
  if (typeof options === 'function') {
    done = options;
  } else if (options !== null && typeof options === 'object') {
    opts = options;
  }
  if (!opts?.root && !isAbsolute(path)) {
    throw new TypeError('path must be absolute or specify root to res.sendFile');
  }
  if (profile?.etagFromAppSetting) opts = withAppETag(res, typeof options === 'function' ? undefined : options);
  runFileTransfer(res, path, path.endsWith('/'), opts, done, profile);
}

/**
 * The options object with `etag` set to whether the app's `etag` setting is enabled, written onto the
 * caller's object as Express 5 writes it: a truthy value that is not an object (`'x'`, `5`) or a
 * frozen object throws the TypeError of that strict-mode assignment; a falsy one means `{}`.
 */
function withAppETag(res: PorticoResponse, options: SendFileOptions | null | undefined): SendFileOptions {
  const target = (options || {}) as Record<string, unknown>;
  target.etag = Boolean(appSettingBy(res, readETagSetting));
  return target as SendFileOptions;
}

const readETagSetting = (settings: Settings): unknown => readSetting(settings, 'etag');

/**
 * Transfers `path` with `res.sendFile`'s headers option and reporting (to `done`, else `next`).
 * `path === null` stands for a path that could not be decoded: a 400 reported the same way. Bad
 * options throw first, as they do in Express before the path is looked at. `profile` holds the file
 * defaults of the Express version served (4's when undefined).
 */
export function runFileTransfer(
  res: PorticoResponse,
  path: string | null,
  trailingSlash: boolean,
  opts: SendFileOptions | undefined,
  done: SendFileCallback | undefined,
  profile?: FileProfile,
): void {
  const compiled = compileFileOptions(opts, 'async', profile);
  const hooks = new SendFileTransfer(res, opts?.headers, typeof done === 'function' ? done : undefined);
  if (path === null) hooks.error(fileHttpError(400));
  else transferFile(res.req, res, path, trailingSlash, compiled, hooks);
}

/** `res.sendFile`'s side of a transfer: headers from the options, then one report to `fn` or `next`. */
class SendFileTransfer implements TransferHooks {
  readonly watchesCompletion = true;
  private settled = false;
  /** Whether the connection was already destroyed when the transfer began. */
  private readonly closedAtStart: boolean;

  constructor(
    private readonly res: PorticoResponse,
    private readonly headers: SendFileOptions['headers'],
    private readonly callback: SendFileCallback | undefined,
  ) {
    this.closedAtStart = res.req.socket?.destroyed === true;
  }

  file(_path: string, _stat: Stats): void {
    const headers = this.headers;
    if (!headers) return;
    for (const name of Object.keys(headers)) this.res.setHeader(name, headers[name] as OutgoingHttpHeader);
  }

  directory(): void {
    this.settle(codedError('EISDIR, read', 'EISDIR'));
  }

  error(err: Error): void {
    this.settle(err);
  }

  end(): void {
    this.settle(undefined);
  }

  aborted(): void {
    // A connection destroyed with an error (other than a reset by the client) during the transfer
    // reports that error, as Express does; one already gone when the transfer began is just aborted.
    // Read from the socket afterwards, so transfers that end normally pay nothing.
    const socketError = this.closedAtStart ? undefined : (this.res.req.socket as { errored?: NodeJS.ErrnoException | null } | null)?.errored;
    if (socketError && socketError.code !== 'ECONNRESET') this.settle(socketError);
    else this.settle(codedError('Request aborted', 'ECONNABORTED'));
  }

  /** Reports the outcome once: to the callback, or else to the router. */
  private settle(err: Error | undefined): void {
    if (this.settled) return;
    this.settled = true;
    if (this.callback) {
      this.callback(err);
      return;
    }
    if (!err) return;
    const code = (err as NodeJS.ErrnoException).code;
    // A directory is "not this route's file": let the next handler try. An aborted or failed
    // write has nobody left to answer.
    const next = this.res.req.next;
    if (typeof next !== 'function') return;
    if (code === 'EISDIR') next();
    else if (code !== 'ECONNABORTED' && (err as NodeJS.ErrnoException).syscall !== 'write') next(err);
  }
}

/** An error with only a `code`, as Express reports directories and aborted transfers. */
function codedError(message: string, code: string): Error {
  const err = new Error(message) as NodeJS.ErrnoException;
  err.code = code;
  return err;
}
