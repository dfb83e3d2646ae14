import type { Route, Router } from '../index';
import type { RequestHandler } from './handlers';
import type { PathParams } from './params';
import type { JsonOptions, RawOptions, RouterOptions, StaticOptions, TextOptions, UrlencodedOptions } from './options';

/** `portico.Router(options)`: a new router. */
export type RouterFactory = (options?: RouterOptions) => Router;

/** `portico.Route`: the route class (`new Route(path)`), as `express.Route`. */
export interface RouteConstructor {
  new <Path extends string>(path: Path): Route<Path>;
  new (path: PathParams): Route;
  readonly prototype: Route;
}

/** `portico.json(options)`: parses JSON bodies into `req.body`. */
export type JsonParserFactory = (options?: JsonOptions | null) => RequestHandler;
/** `portico.raw(options)`: reads bodies into a Buffer at `req.body`. */
export type RawParserFactory = (options?: RawOptions | null) => RequestHandler;
/** `portico.text(options)`: reads bodies into a string at `req.body`. */
export type TextParserFactory = (options?: TextOptions | null) => RequestHandler;
/** `portico.urlencoded(options)`: parses form bodies into `req.body`. */
export type UrlencodedParserFactory = (options?: UrlencodedOptions | null) => RequestHandler;

/** The four body-parser factories on one object. */
export interface BodyParsers {
  json: JsonParserFactory;
  raw: RawParserFactory;
  text: TextParserFactory;
  urlencoded: UrlencodedParserFactory;
}

/** The media-type table (mime 1.6) behind `res.type`, `res.attachment`, `res.sendFile` and `portico.static`. */
export interface MimeTable {
  /** The media type of a path or extension; `fallback` (else `default_type`) when unknown. */
  lookup(path: string, fallback?: string): string;
  /** The usual extension of a media type. */
  extension(mimeType: string): string | undefined;
  /** Adds media types: type → extensions. */
  define(map: Record<string, string[]>, force?: boolean): void;
  /** Loads an Apache-style `mime.types` file. */
  load(file: string): void;
  /** The default charset of a media type (`UTF-8` for text types). */
  charsets: { lookup(mimeType: string, fallback?: string): string | undefined };
  /** Extension → media type. */
  types: Record<string, string>;
  /** Media type → extensions. */
  extensions: Record<string, string[]>;
  /** The type `lookup` answers for an unknown extension. */
  default_type: string;
}

/** `portico.static(root, options)`: serves files under `root`, with `portico.static.mime`. */
export interface StaticFactory {
  (root: string, options?: StaticOptions): RequestHandler;
  mime: MimeTable;
}
