import type contentDisposition from 'content-disposition';
import type { RangeParser } from '../http/range-parser-signature';
import { contentTypeFor } from '../http/mime';
import type { DotfilesPolicy } from './file-options';
import type { FreshnessFunction } from './conditional';
import { fresh4 } from '../http/fresh-4';
import { lazyModule } from '../http/lazy-module';

// Only `res.download` needs it: required on its first call, not when a static middleware is built.
const loadContentDisposition = lazyModule(() => require('content-disposition') as typeof contentDisposition);

/**
 * What the file sender does differently for each Express major version: the choices are made once
 * (Express 4's here, Express 5's in express5/file-profile-5.ts), and the options compiler copies them into the compiled options, so a transfer reads plain
 * fields and never asks which version it serves.
 */
export interface FileProfile {
  /** The policy when `dotfiles` is unset; undefined is Express 4's "ignore a dotfile named last". */
  readonly defaultDotfiles: DotfilesPolicy | undefined;
  /** Whether the deprecated `hidden` option still means `dotfiles: 'allow'` (removed in Express 5). */
  readonly readsHidden: boolean;
  /** The `Content-Type` of a file from its name. */
  readonly contentType: (path: string) => string;
  /** Whether the client's copy is current (for 304): Express 5 lets `If-None-Match` alone decide when present. */
  readonly isFresh: FreshnessFunction;
  /** The `Content-Disposition` `res.download` sends for a file name or path. */
  readonly attachment: (name: string) => string;
  /**
   * Whether `res.sendFile` writes the app's `etag` setting (enabled or not) into its options object
   * as `etag`, replacing the caller's value (Express 5 does, on the caller's own object).
   */
  readonly etagFromAppSetting: boolean;
  /** The range-parser the version's file sender reads `Range` with; undefined is Express 4's (1.2). */
  readonly parseRange?: RangeParser;
}

/** Express 4 (send 0.19, mime 1.6, content-disposition 0.5). */
export const FILE_PROFILE_4: FileProfile = Object.freeze({
  defaultDotfiles: undefined,
  readsHidden: true,
  contentType: contentTypeFor,
  isFresh: fresh4,
  attachment: (name: string) => loadContentDisposition()(name),
  etagFromAppSetting: false,
});
