import { resolve } from 'node:path';
import type { PorticoResponse } from './response';

/** Callback of the lower-case `res.sendfile`. */
export type RelativeFileCallback = (err?: Error) => void;

/** Options of the lower-case `res.sendfile` (the 3.x form): `maxAge` and `root`. */
export interface RelativeSendfileOptions {
  maxAge?: number | string;
  root?: string;
  [option: string]: unknown;
}

/**
 * The lower-case `res.sendfile(path, [options], [fn])` of 3.x (deprecated in 4.x): unlike
 * `res.sendFile`, a relative path without `root` is taken relative to the working directory.
 */
export function sendfileRelative(
  res: PorticoResponse,
  path: string,
  options?: RelativeSendfileOptions | RelativeFileCallback,
  fn?: RelativeFileCallback,
): void {
  let opts: RelativeSendfileOptions = {};
  let done = fn;
  if (typeof options === 'function') done = options;
  else if (options) opts = { ...options };
  const target = opts.root ? path : resolve(path);
  const send = res.sendFile as unknown as (p: string, o: RelativeSendfileOptions, cb?: RelativeFileCallback) => void;
  if (done) send.call(res, target, opts, done);
  else send.call(res, target, opts);
}
