import type { PorticoResponse } from './response';
import { runFileTransfer, type SendFileOptions } from './send-file';
import { decodeUrlPath } from '../files/request-path';

/** Callback of the lower-case `res.sendfile`. */
export type RelativeFileCallback = (err?: Error) => void;

/** Options of the lower-case `res.sendfile` (the 3.x form): `maxAge` and `root`. */
export interface RelativeSendfileOptions {
  maxAge?: number | string;
  root?: string;
  [option: string]: unknown;
}

/**
 * The lower-case `res.sendfile(path, [options], [fn])` of 3.x (deprecated in 4.x). Its path is
 * URL-like, as Express treats it: percent-escapes are decoded (a malformed one is a 400), a `..`
 * segment is refused (403) unless there is a `root` to stay inside, a trailing `/` serves the
 * directory's index, and without `root` a relative path names a file below the working directory.
 * A non-string path is used as its string form.
 */
export function sendfileRelative(
  res: PorticoResponse,
  path: string,
  options?: RelativeSendfileOptions | RelativeFileCallback,
  fn?: RelativeFileCallback,
): void {
  // Express reads the path's length before anything else: undefined and null throw that TypeError.
  void (path as { length?: unknown }).length;
  const raw = String(path);
  let opts: RelativeSendfileOptions = {};
  let done = fn;
  if (typeof options === 'function') done = options;
  else if (options) opts = options;
  runFileTransfer(res, decodeUrlPath(raw), raw.endsWith('/'), opts as SendFileOptions, done);
}
