import { resolve } from 'node:path';
import type { PorticoResponse } from './response';
import type { SendFileOptions, SendFileCallback } from './send-file';
import { FILE_PROFILE_4, type FileProfile } from '../files/file-profile';

/**
 * `res.download(path, [filename], [options], [fn])`: transfers the file as an attachment.
 * `Content-Disposition` (RFC 6266, with an ASCII fallback and `filename*` for other characters) names
 * `filename`, or the file's own name; it overrides any such header in `options.headers`.
 * Without `options.root` a relative path is taken from the working directory.
 */
export function download(
  this: PorticoResponse,
  path: string,
  filename?: string | SendFileOptions | SendFileCallback | null,
  options?: SendFileOptions | SendFileCallback | null,
  callback?: SendFileCallback,
): void {
  downloadWith(this, FILE_PROFILE_4, path, filename, options, callback);
}

/** `res.download` with the `Content-Disposition` of `profile`; the transfer goes through `res.sendFile`. */
export function downloadWith(
  res: PorticoResponse,
  profile: FileProfile,
  path: string,
  filename?: string | SendFileOptions | SendFileCallback | null,
  options?: SendFileOptions | SendFileCallback | null,
  callback?: SendFileCallback,
): void {
  let done = callback;
  let name: unknown = filename;
  let opts: SendFileOptions | null | undefined = options as SendFileOptions | null | undefined;

  if (typeof filename === 'function') {
    done = filename;
    name = null;
    opts = null;
  } else if (typeof options === 'function') {
    done = options;
    opts = null;
  }
  // download(path, options[, fn]): an object where the filename goes is the options.
  if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
    name = null;
    opts = filename;
  }

  const headers: Record<string, unknown> = {
    'Content-Disposition': profile.attachment((name || path) as string),
  };
  const extra = opts?.headers;
  if (extra && typeof extra === 'object') {
    for (const key of Object.keys(extra)) {
      if (key.toLowerCase() !== 'content-disposition') headers[key] = extra[key];
    }
  }
  // Inherit every option (own or inherited) without touching the caller's object.
  const sendOptions = Object.assign(Object.create(opts ?? null) as SendFileOptions, { headers }) as SendFileOptions;
  const fullPath = sendOptions.root ? path : resolve(path);
  res.sendFile(fullPath, sendOptions, done);
}
