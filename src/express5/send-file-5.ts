import type { PorticoResponse } from '../response/response';
import { sendFileWith, type SendFileOptions, type SendFileCallback } from '../response/send-file';
import { downloadWith } from '../response/download';
import { FILE_PROFILE_5 } from './file-profile-5';

/** Options of Express 5's `res.sendFile`/`res.download`: those of 4.x but `hidden`, which Express 5 no longer reads. */
export type SendFileOptions5 = Omit<SendFileOptions, 'hidden'>;

/**
 * Express 5's `res.sendFile(path, [options], [fn])`: the 4.x method with Express 5's file defaults
 * (dotfiles ignored anywhere in the path, no `hidden`, mime-types@3 types). See docs/express5.md.
 */
export function sendFile5(this: PorticoResponse, path: string, options?: SendFileOptions5 | SendFileCallback, callback?: SendFileCallback): void {
  sendFileWith(this, FILE_PROFILE_5, path, options, callback);
}

/**
 * Express 5's `res.download(path, [filename], [options], [fn])`: the 4.x signatures, with
 * content-disposition 2's header; the file goes through `res.sendFile`, the 5.x one on a 5.x response.
 */
export function download5(
  this: PorticoResponse,
  path: string,
  filename?: string | SendFileOptions5 | SendFileCallback | null,
  options?: SendFileOptions5 | SendFileCallback | null,
  callback?: SendFileCallback,
): void {
  downloadWith(this, FILE_PROFILE_5, path, filename, options, callback);
}
