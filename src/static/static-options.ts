import { resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
// The options alone, not the whole file sender: the factory runs at start-up, the sender on a first request.
import { compileFileOptions, type CompiledFileOptions, type FileOptions } from '../files/file-options';
import { FILE_PROFILE_4, type FileProfile } from '../files/file-profile';

/** `setHeaders(res, path, stat)`: called for each file served, before its headers are set; synchronous. */
export type SetHeadersFunction = (res: ServerResponse, path: string, stat: Stats) => void;

/** Options of `portico.static(root, options)` (the static-file table of the spec). */
export interface ServeStaticOptions extends Omit<FileOptions, 'root' | 'start' | 'end'> {
  /** true (default): a client error such as a missing file calls `next()`; false: `next(err)`, and 405 for other methods. */
  fallthrough?: boolean;
  /** Redirect a directory path to the same path with a trailing `/` (default true). */
  redirect?: boolean;
  /** Sets custom headers on each file response. */
  setHeaders?: SetHeadersFunction;
  /** Lower-case alias of `maxAge`, accepted as Express accepts it. */
  maxage?: number | string;
}

/** Everything the middleware needs per request, resolved once by the factory. */
export interface StaticConfig {
  fallthrough: boolean;
  redirect: boolean;
  setHeaders: SetHeadersFunction | undefined;
  /** The compiled file options, or the TypeError a bad option raises on each request (as Express raises it). */
  file: CompiledFileOptions | TypeError;
}

/**
 * Validates the root and options; throws the TypeErrors Express's static factory throws.
 * `profile` holds the file defaults of the Express version served.
 */
export function compileStaticOptions(root: unknown, options: ServeStaticOptions | undefined, profile: FileProfile = FILE_PROFILE_4): StaticConfig {
  if (!root) throw new TypeError('root path required');
  if (typeof root !== 'string') throw new TypeError('root path must be a string');
  // Express reads the options through a prototype link to them: a truthy non-object is refused by V8
  // with this TypeError, and a falsy one counts as no options.
  if (options && typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError('Object prototype may only be an Object or null: ' + String(options));
  }
  const opts: ServeStaticOptions = options || {};
  if (opts.setHeaders && typeof opts.setHeaders !== 'function') {
    throw new TypeError('option setHeaders must be function');
  }
  let file: CompiledFileOptions | TypeError;
  try {
    const lookup = opts.fallthrough !== false ? 'on-this-thread-fallthrough' : 'on-this-thread';
    // The `maxage` alias is folded into `maxAge` here, so the file sender does not read it a second time.
    // Each option is read by name, so options inherited through a prototype count, as in Express.
    const o = opts as FileOptions;
    file = compileFileOptions(
      {
        acceptRanges: o.acceptRanges,
        cacheControl: o.cacheControl,
        dotfiles: o.dotfiles,
        end: o.end,
        etag: o.etag,
        extensions: o.extensions,
        hidden: o.hidden,
        immutable: o.immutable,
        index: o.index,
        lastModified: o.lastModified,
        maxAge: opts.maxAge || opts.maxage || 0,
        root: resolve(root),
        start: o.start,
      },
      lookup,
      profile,
    );
  } catch (err) {
    // Express only notices a bad `dotfiles`/`index`/`extensions` when serving; keep that timing.
    if (!(err instanceof TypeError)) throw err;
    file = err;
  }
  return {
    fallthrough: opts.fallthrough !== false,
    redirect: opts.redirect !== false,
    setHeaders: opts.setHeaders,
    file,
  };
}
