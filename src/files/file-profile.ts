import type contentDisposition from 'content-disposition';
import { basename } from 'node:path';
import { contentTypeFor } from '../http/mime';
import { contentTypeFor5 } from '../http/mime-types-5';
import type * as ContentDisposition2 from 'content-disposition2';
import type { DotfilesPolicy } from './file-options';
import type { FreshnessFunction } from './conditional';
import fresh from 'fresh';
import { lazyModule } from '../http/lazy-module';

// Only `res.download` needs it: required on its first call, not when a static middleware is built.
const loadContentDisposition = lazyModule(() => require('content-disposition') as typeof contentDisposition);
const loadContentDisposition2 = lazyModule(() => require('content-disposition2') as typeof ContentDisposition2);
// fresh 2, installed under an alias beside 0.5 (same API, no declarations of its own).
const loadFresh2 = lazyModule(() => require('fresh2') as typeof fresh);

/**
 * What the file sender does differently for each Express major version: the choices are made here,
 * once, and the options compiler copies them into the compiled options, so a transfer reads plain
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
}

/** fresh 2's answer: `If-None-Match`, when present, decides alone (RFC 9110 §13.2.2). */
function isFresh2(...args: Parameters<FreshnessFunction>): boolean {
  return loadFresh2()(...args);
}

/** Express 4 (send 0.19, mime 1.6, content-disposition 0.5). */
export const FILE_PROFILE_4: FileProfile = Object.freeze({
  defaultDotfiles: undefined,
  readsHidden: true,
  contentType: contentTypeFor,
  isFresh: fresh,
  attachment: (name: string) => loadContentDisposition()(name),
  etagFromAppSetting: false,
});

/**
 * Express 5 (send 1, mime-types 3, fresh 2, content-disposition 2): every dot-segment below the root is
 * ignored by default, `hidden` is gone, types carry a lower-case charset, `If-None-Match` overrides
 * `If-Modified-Since`, and the attachment name
 * is the base name, bare when it is a token, with `filename*` for anything outside printable ASCII;
 * `res.sendFile` sends an ETag exactly when the app's `etag` setting is enabled.
 */
export const FILE_PROFILE_5: FileProfile = Object.freeze({
  defaultDotfiles: 'ignore',
  readsHidden: false,
  contentType: contentTypeFor5,
  isFresh: isFresh2,
  // content-disposition 2 names what it is given: Express 5 hands it the base name.
  attachment: (name: string) => loadContentDisposition2().create(basename(name)),
  etagFromAppSetting: true,
});
