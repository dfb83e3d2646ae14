import { basename } from 'node:path';
import type * as ContentDisposition2 from 'content-disposition2';
import type fresh from 'fresh';
import type { FileProfile } from '../files/file-profile';
import type { FreshnessFunction } from '../files/conditional';
import { lazyModule } from '../http/lazy-module';
import { contentTypeFor5 } from './mime-types-5';
import { parseRange5 } from './range-5';

// Express 5's libraries are required on first use, and only from this layer: the 4.x bundle never
// names them (webpack 4, which follows every require(), cannot parse their syntax).
const loadContentDisposition2 = lazyModule(() => require('content-disposition2') as typeof ContentDisposition2);
// fresh 2, installed under an alias beside 0.5 (same API, no declarations of its own).
const loadFresh2 = lazyModule(() => require('fresh2') as typeof fresh);

/** fresh 2's answer: `If-None-Match`, when present, decides alone (RFC 9110 §13.2.2). */
function isFresh2(...args: Parameters<FreshnessFunction>): boolean {
  return loadFresh2()(...args);
}

/**
 * Express 5 (send 1, mime-types 3, fresh 2, content-disposition 2, range-parser 1.3): every dot-segment below the root is
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
  parseRange: parseRange5,
});
