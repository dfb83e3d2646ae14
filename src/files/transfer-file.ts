import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import type { CompiledFileOptions } from './file-options';
import { resolveFilePath } from './resolve-path';
import { dotfileStatus } from './dotfiles';
import { locateFile, type LocateResult } from './locate-file';
import { fileHttpError, statError } from './file-errors';
import { setFileHeaders, setFileType, removeBodyHeaders } from './file-headers';
import { isConditional, isPreconditionFailure, isFreshFor } from './conditional';
import { decideByteRange } from './byte-range';
import { streamFile, whenResponseDone, FILE_CHUNK_SIZE, type StreamOutcome } from './stream-file';
import { sendSmallFile } from './read-small-file';

/**
 * What the caller (static middleware, `res.sendFile`) does at each turn of a transfer.
 * One object per request with methods, rather than events: no emitter, no per-request closures.
 */
export interface TransferHooks {
  /** A regular file was found; the application's headers (`setHeaders`, `headers`) go on now. */
  file(path: string, stat: Stats): void;
  /** The path names a directory; `trailingSlash` tells whether the request path ended in `/`. */
  directory(path: string, trailingSlash: boolean): void;
  /** The file cannot be served (an HttpError or a stat error with its status), or reading it failed. */
  error(err: Error): void;
  /** The response was sent completely (only reported when `watchesCompletion`). */
  end(): void;
  /** The client disconnected before the response completed (only reported when `watchesCompletion`). */
  aborted(): void;
  /** Whether `end`/`aborted` matter; when not, responses without a body add no completion listener. */
  readonly watchesCompletion: boolean;
}

/**
 * Sends the file a path names, as Express's file sender does: path checks (NUL, traversal, dotfiles),
 * stat with index and extension fallbacks, validators and caching headers, preconditions (412),
 * freshness (304), a single byte range (206/416), then HEAD or a streamed body.
 * `path` is already decoded; with `options.root` it is relative to the root. `trailingSlash` says
 * whether the path as the client wrote it ends in `/` (an encoded `%2F` does not count).
 */
export function transferFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  trailingSlash: boolean,
  options: CompiledFileOptions,
  hooks: TransferHooks,
): void {
  const resolved = resolveFilePath(path, options.root);
  if (!resolved.ok) {
    hooks.error(fileHttpError(resolved.status));
    return;
  }
  const refused = dotfileStatus(resolved.parts, options.dotfiles);
  if (refused !== 0) {
    hooks.error(fileHttpError(refused));
    return;
  }
  locateFile(resolved.path, trailingSlash, options, (found: LocateResult) => {
    if (found.kind === 'file') sendLocatedFile(req, res, found.path, found.stat, options, hooks);
    else if (found.kind === 'directory') hooks.directory(found.path, trailingSlash);
    else hooks.error(found.error);
  });
}

/** Headers, conditional and range handling, then the body, for a file that exists. */
function sendLocatedFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  stat: Stats,
  options: CompiledFileOptions,
  hooks: TransferHooks,
): void {
  if (res.headersSent) {
    // A plain Error given a 500 status (not an HttpError), as Express's file sender reports it.
    hooks.error(statError(new Error("Can't set headers after they are sent.")));
    return;
  }
  if (res.destroyed) {
    // The client left while we were looking the file up: nothing to open.
    if (hooks.watchesCompletion) hooks.aborted();
    return;
  }
  hooks.file(path, stat);
  setFileHeaders(res, stat, options);

  if (isConditional(req)) {
    if (isPreconditionFailure(req, res)) {
      // An error handler sees the file's type set, as it would after Express's file sender.
      setFileType(res, path, options);
      hooks.error(fileHttpError(412));
      return;
    }
    if (isFreshFor(req, res, options.isFresh)) {
      // A 304 carries no body headers: the type is never set, and any the application set goes.
      removeBodyHeaders(res);
      res.statusCode = 304;
      endWithoutBody(res, hooks);
      return;
    }
  }
  setFileType(res, path, options);

  // The bytes on offer: the whole file, or the `start`/`end` window of the options.
  let offset = options.start;
  let length = Math.max(0, stat.size - offset);
  if (options.end !== undefined) length = Math.min(length, Math.max(0, options.end - offset + 1));

  if (options.acceptRanges) {
    const range = decideByteRange(req, res, length, stat.size, options.parseRange);
    if (range !== 'full' && 'unsatisfiable' in range) {
      const contentRange = 'bytes */' + range.unsatisfiable;
      res.setHeader('Content-Range', contentRange);
      hooks.error(fileHttpError(416, undefined, { headers: { 'Content-Range': contentRange } }));
      return;
    }
    if (range !== 'full') {
      res.statusCode = 206;
      res.setHeader('Content-Range', 'bytes ' + range.start + '-' + range.end + '/' + length);
      offset += range.start;
      length = range.end - range.start + 1;
    }
  }

  res.setHeader('Content-Length', length);
  if (req.method === 'HEAD' || length === 0) {
    endWithoutBody(res, hooks);
    return;
  }
  const reported = (outcome: StreamOutcome): void => {
    if (outcome === 'finished') hooks.end();
    else if (outcome === 'aborted') hooks.aborted();
    else hooks.error(statError(outcome as NodeJS.ErrnoException));
  };
  if (length <= FILE_CHUNK_SIZE) sendSmallFile(res, path, offset, offset + length - 1, hooks.watchesCompletion, reported);
  else streamFile(res, path, offset, offset + length - 1, reported);
}

/** Ends a response that has no body (HEAD, 304, empty file), reporting completion when it is watched. */
function endWithoutBody(res: ServerResponse, hooks: TransferHooks): void {
  if (hooks.watchesCompletion) {
    whenResponseDone(res, (outcome) => (outcome === 'finished' ? hooks.end() : hooks.aborted()));
  }
  res.end();
}
