import { stat } from 'node:fs';
import { resolve } from 'node:path';
import { statOnThisThread, statOnThisThreadFallthrough, type StatFunction } from './locate-file';
import { maxAgeSeconds } from './max-age';
import { FILE_PROFILE_4, type FileProfile } from './file-profile';
import type { FreshnessFunction } from './conditional';
import type { RangeParser } from '../http/range-parser-signature';

/** How files and directories whose name begins with a dot are treated. */
export type DotfilesPolicy = 'allow' | 'deny' | 'ignore';

/** The options the file sender understands (the file-transfer and static-file tables of the spec). */
export interface FileOptions {
  /** Answer `Range` requests and send `Accept-Ranges: bytes` (default true). */
  acceptRanges?: boolean;
  /** Send `Cache-Control` (default true). */
  cacheControl?: boolean;
  /** `allow`, `deny` or `ignore`; unset means "ignore a dotfile named last, allow dot-directories". */
  dotfiles?: DotfilesPolicy;
  /** Send a weak `ETag` computed from size and modification time (default true). */
  etag?: boolean;
  /** Extensions tried in order when the path names no file (no leading dot). */
  extensions?: string | string[] | false;
  /** Add `immutable` to `Cache-Control`. */
  immutable?: boolean;
  /** Index file(s) served for a path ending in `/`; false disables (default `index.html`). */
  index?: string | string[] | false;
  /** Send `Last-Modified` (default true). */
  lastModified?: boolean;
  /** `Cache-Control` max-age in milliseconds, or an `ms` string (default 0). */
  maxAge?: number | string;
  /** Directory that relative paths are resolved in and must stay inside. */
  root?: string;
  /** First byte of the file to send (default 0). */
  start?: number;
  /** Last byte of the file to send, inclusive (default: the end of the file). */
  end?: number;
  /** Deprecated: `true` behaves like `dotfiles: 'allow'` when `dotfiles` is unset (Express 4 only). */
  hidden?: boolean;
}

/** Options resolved once into plain fields, so the per-request path only reads them. */
export interface CompiledFileOptions {
  acceptRanges: boolean;
  /** The whole `Cache-Control` value, or undefined when the header is disabled. */
  cacheControl: string | undefined;
  /** The explicit policy, or undefined for the default rule. */
  dotfiles: DotfilesPolicy | undefined;
  etag: boolean;
  extensions: readonly string[];
  index: readonly string[];
  lastModified: boolean;
  /** Absolute root, or undefined. */
  root: string | undefined;
  start: number;
  end: number | undefined;
  /**
   * How files are looked up: a synchronous stat for the static middleware (whose `next()` may run in
   * the same tick; without building the error of a miss when the middleware falls through), `fs.stat`
   * for `res.sendFile`, so its callback never runs inside the call.
   */
  statFile: StatFunction;
  /** The file's `Content-Type` from its name, as the Express version of the profile writes it. */
  contentType: (path: string) => string;
  /** Whether the client's copy is current, as the Express version of the profile decides it. */
  isFresh: FreshnessFunction;
  /** The range-parser of the profile's Express version; undefined is Express 4's. */
  parseRange: RangeParser | undefined;
}

const STAT_FUNCTIONS: Record<'async' | 'on-this-thread' | 'on-this-thread-fallthrough', StatFunction> = {
  async: stat,
  'on-this-thread': statOnThisThread,
  'on-this-thread-fallthrough': statOnThisThreadFallthrough,
};

const DEFAULT_INDEX: readonly string[] = Object.freeze(['index.html']);
const NO_ENTRIES: readonly string[] = Object.freeze([]);

/**
 * Reads and validates file options; throws the TypeErrors Express's file sender throws for bad values.
 * `profile` holds the defaults of the Express version served (4 unless given).
 */
export function compileFileOptions(
  options: FileOptions | undefined | null,
  lookup: 'async' | 'on-this-thread' | 'on-this-thread-fallthrough' = 'async',
  profile: FileProfile = FILE_PROFILE_4,
): CompiledFileOptions {
  const opts: FileOptions = options ?? {};
  const immutable = Boolean(opts.immutable);
  const cacheControl =
    opts.cacheControl === undefined || opts.cacheControl
      ? // The lower-case `maxage` is an alias Express's file sender reads when `maxAge` is falsy.
        'public, max-age=' + maxAgeSeconds(opts.maxAge || (opts as { maxage?: unknown }).maxage) + (immutable ? ', immutable' : '')
      : undefined;
  return {
    acceptRanges: opts.acceptRanges === undefined ? true : Boolean(opts.acceptRanges),
    cacheControl,
    dotfiles: dotfilesPolicy(opts.dotfiles, profile.readsHidden ? opts.hidden : undefined, profile.defaultDotfiles),
    etag: opts.etag === undefined ? true : Boolean(opts.etag),
    extensions: nameList(opts.extensions, NO_ENTRIES, 'extensions option'),
    index: nameList(opts.index, DEFAULT_INDEX, 'index option'),
    lastModified: opts.lastModified === undefined ? true : Boolean(opts.lastModified),
    // An empty root is "no root", as in Express; a relative one is taken from the working directory now.
    root: opts.root ? resolve(opts.root) : undefined,
    start: typeof opts.start === 'number' && opts.start > 0 ? Math.floor(opts.start) : 0,
    end: endOption(opts.end),
    statFile: STAT_FUNCTIONS[lookup],
    contentType: profile.contentType,
    isFresh: profile.isFresh,
    parseRange: profile.parseRange,
  };
}

/** `end` counts as its numeric form once given, as in Express (`null` and `''` are 0); NaN or negative: none. */
function endOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const end = Number(value);
  return end >= 0 ? Math.floor(end) : undefined;
}

function dotfilesPolicy(value: unknown, hidden: unknown, fallback: DotfilesPolicy | undefined): DotfilesPolicy | undefined {
  if (value === undefined) return hidden ? 'allow' : fallback;
  if (value === 'allow' || value === 'deny' || value === 'ignore') return value;
  throw new TypeError('dotfiles option must be "allow", "deny", or "ignore"');
}

/** Unset → the default; `false` (or any falsy value, `null` and `''` too) → none; a string → one; an array of strings → itself; anything else is refused. */
function nameList(value: unknown, fallback: readonly string[], label: string): readonly string[] {
  if (value === undefined) return fallback;
  if (!value) return NO_ENTRIES;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.slice();
  throw new TypeError(label + ' must be array of strings or false');
}
