import type { Stats } from 'node:fs';
import type { Response } from '../index';
import type { FileOptions } from '../files/file-options';
import type { ServeStaticOptions } from '../static/static-options';

export type { JsonOptions, RawOptions, TextOptions, UrlencodedOptions, BodyParserOptions, VerifyFunction, TypeOption } from '../body/index';

// SendFileOptions and RouterOptions are restated here rather than re-exported: the files that define them
// also declare the runtime classes, whose declarations import packages that ship no types of their own
// (`qs`, `range-parser`), and the published types must compile with nothing but @types/node installed.
// test/types/runtime-conformance.types.ts checks that both stay identical to the runtime's.

/** Options of `res.sendFile` (the file-transfer table of the spec). */
export interface SendFileOptions extends FileOptions {
  /**
   * Headers set on the response when the file is found. Values of any type, as `@types/express` takes them
   * (`{ 'x-sent': true, 'x-timestamp': Date.now() }`, the example of Express's documentation): node's
   * `setHeader` writes them as strings.
   */
  headers?: Record<string, unknown>;
}

/** Options of `res.download` (those of `res.sendFile`; `Content-Disposition` in `headers` is replaced). */
export type DownloadOptions = SendFileOptions;

/** Options of `portico.Router(options)`. */
export interface RouterOptions {
  /** `/Foo` and `/foo` are different paths. */
  caseSensitive?: boolean;
  /** Keep the parent router's `req.params`; the child's values win on a conflict. */
  mergeParams?: boolean;
  /** `/foo` and `/foo/` are different paths. */
  strict?: boolean;
}

/**
 * `setHeaders(res, path, stat)` of `portico.static`: called for each file served, before its headers are
 * sent, with Portico's response, the file's absolute path and its `fs.Stats`; must be synchronous.
 */
export type StaticSetHeaders = { bivarianceHack(res: Response, path: string, stat: Stats): void }['bivarianceHack'];

/** Options of `portico.static(root, options)`. */
export interface StaticOptions extends Omit<ServeStaticOptions, 'setHeaders'> {
  /** Sets custom headers on each file response. */
  setHeaders?: StaticSetHeaders;
}

/** Options of `res.cookie` and `res.clearCookie`. */
export interface CookieOptions {
  /** Domain of the cookie; default: the host that set it. */
  domain?: string;
  /** Encodes the value (synchronously); default `encodeURIComponent`. */
  encode?: (value: string) => string;
  /** Expiry date; unset (or `0`) makes a session cookie. */
  expires?: Date | 0;
  /** Not readable by scripts in the browser. */
  httpOnly?: boolean;
  /** Expiry relative to now, in milliseconds (sets both `Max-Age` and `Expires`). */
  maxAge?: number;
  /** Path of the cookie; default `/`. */
  path?: string;
  /** Partitioned storage (CHIPS). */
  partitioned?: boolean;
  /** The `Priority` attribute. */
  priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High';
  /** Sent over HTTPS only. */
  secure?: boolean;
  /** Sign the value with the cookie parser's secret. */
  signed?: boolean;
  /** The `SameSite` attribute: `true` means `Strict`. */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None';
}
