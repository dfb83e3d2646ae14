/**
 * What every route path compiler returns, whichever Express version's syntax it reads: the layer
 * keeps `keys` and calls `exec` per request. `exec` answers as `RegExp.prototype.exec` does: the
 * matched part of the path first, then one entry per key (`undefined` when that key took no part).
 */
export interface PatternKey {
  name: string | number;
  optional: boolean;
  /** Express 5 wildcards (`*name`): the value is split at `/` into an array of segments. */
  splat?: boolean;
}

export interface CompiledPattern {
  /** The RegExp the pattern compiles to, when there is one (Express 4 keeps it on `layer.regexp`). */
  regexp?: RegExp;
  keys: PatternKey[];
  exec: (path: string) => ArrayLike<string | undefined> | null;
}

export interface PatternOptions {
  /** Case-sensitive matching (`case sensitive routing`, router 2's `caseSensitive`). */
  sensitive?: boolean;
  /** Trailing slash significant (`strict routing`). */
  strict?: boolean;
  /** Match the whole path (routes) or only a prefix ending at a `/` (middleware). */
  end?: boolean;
}
