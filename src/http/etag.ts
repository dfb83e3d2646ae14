import type * as Crypto from 'node:crypto';
import { Buffer } from 'node:buffer';
import { lazyModule } from './lazy-module';
import { shortSha1Base64 } from './sha1';

type OneShotHash = (algorithm: string, data: string | Buffer, outputEncoding: 'base64') => string;

// node:crypto is not in node's start-up snapshot and loads some twenty internal modules: required
// when the hashes below need it, not by `require('portico')`.
const loadCrypto = lazyModule(() => require('node:crypto') as typeof Crypto);

/*
 * sha1.ts hashes a short body at a few times the cost of node:crypto's one-shot hash, but loading
 * node:crypto costs what some thousands of such hashes do. So the first JS_HASHES short bodies (an
 * app's first answers: a cold start, a test suite's requests) are hashed there, and node:crypto
 * takes over after them, or as soon as a longer body has loaded it.
 */
const JS_HASHES = 256;
let jsHashesLeft = JS_HASHES;

function sha1Base64(body: string | Buffer, encoding: BufferEncoding | undefined): string {
  if (jsHashesLeft > 0) {
    const short = shortSha1Base64(body, encoding);
    if (short !== undefined) {
      jsHashesLeft--;
      return short;
    }
    jsHashesLeft = 0;
  }
  const crypto = loadCrypto();
  // Node 20.12+ has a one-shot `crypto.hash`, several times cheaper than a Hash object for the short
  // bodies of typical responses; older runtimes fall back to createHash.
  const oneShotHash = (crypto as unknown as { hash?: OneShotHash }).hash;
  if (oneShotHash !== undefined && (typeof body !== 'string' || encoding === undefined || encoding === 'utf8' || encoding === 'utf-8')) {
    return oneShotHash('sha1', body, 'base64');
  }
  const hash = crypto.createHash('sha1');
  if (typeof body === 'string') hash.update(body, encoding ?? 'utf8');
  else hash.update(body);
  return hash.digest('base64');
}

/** The compiled form of the `etag` setting. */
export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string | undefined;

/** The tag of an empty body, fixed so no hash is computed for it. */
const EMPTY_TAG = '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

/**
 * The tags of the last few short UTF-8 bodies: apps send the same bodies again and again (a health
 * check, a fixed JSON answer, the two alternating answers of a form), and a string comparison is far
 * cheaper than a hash. A ring of a few entries; only short bodies, so a miss costs little.
 */
const MEMO_SIZE = 4;
const MEMO_MAX_LENGTH = 4096;
const memoBodies: (string | undefined)[] = new Array<string | undefined>(MEMO_SIZE).fill(undefined);
const memoTags: string[] = new Array<string>(MEMO_SIZE).fill('');
const memoWeakTags: string[] = new Array<string>(MEMO_SIZE).fill('');
let memoNext = 0;

/** The tag (weak: with `W/`) of a short UTF-8 string, from the memo when it was tagged lately. */
function memoisedTag(body: string, weak: boolean): string {
  for (let i = 0; i < MEMO_SIZE; i++) if (memoBodies[i] === body) return weak ? memoWeakTags[i] : memoTags[i];
  const tag = computeTag(body, 'utf8');
  memoBodies[memoNext] = body;
  memoTags[memoNext] = tag;
  memoWeakTags[memoNext] = 'W/' + tag;
  memoNext = (memoNext + 1) % MEMO_SIZE;
  return weak ? 'W/' + tag : tag;
}

/**
 * Builds an entity tag byte-identical to Express 4's default: the body's byte length in hex,
 * a dash and the first 27 characters of its SHA-1 in base64 (caches keyed on tags stay valid after a move).
 * A string is hashed as is, without first copying it into a Buffer.
 */
export function generateETag(body: string | Buffer, weak: boolean, encoding?: BufferEncoding): string {
  if (typeof body === 'string' && isUtf8(encoding) && body.length <= MEMO_MAX_LENGTH) return memoisedTag(body, weak);
  const tag = computeTag(body, encoding);
  return weak ? 'W/' + tag : tag;
}

function isUtf8(encoding: BufferEncoding | undefined): boolean {
  return encoding === undefined || encoding === 'utf8' || encoding === 'utf-8';
}

function computeTag(body: string | Buffer, encoding: BufferEncoding | undefined): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body, encoding) : body.length;
  let tag: string;
  if (length === 0) {
    tag = EMPTY_TAG;
  } else {
    tag = '"' + length.toString(16) + '-' + sha1Base64(body, encoding).substring(0, 27) + '"';
  }
  return tag;
}

/** The default `etag` function (`true` or `weak`). */
export function weakETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return generateETag(body, true, encoding);
}

/** The `strong` `etag` function. */
export function strongETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return generateETag(body, false, encoding);
}

/** Is `fn` one of Portico's own tag functions (which accept a string body directly)? */
export function isBuiltInETag(fn: unknown): boolean {
  return fn === weakETag || fn === strongETag;
}

/**
 * Set (to `true`) on the response prototype of an app whose own `etag` function is called the 3.x
 * way: a string body is passed as the string with its encoding (`'hello', 'utf8'`), where 4.x passes
 * a Buffer. The mark is on the app's responses, not on the function, so `app.get('etag fn')` stays
 * the very function the app set, and the same function set on a 4.x app keeps getting Buffers.
 */
export const STRING_BODY_ETAG: unique symbol = Symbol('portico.stringBodyETag');

/** Is `fn` given a string body directly on `res` (Portico's own functions, or any on a 3.x app's response)? */
export function takesStringBody(fn: unknown, res: object): boolean {
  return isBuiltInETag(fn) || (res as { [STRING_BODY_ETAG]?: boolean })[STRING_BODY_ETAG] === true;
}
