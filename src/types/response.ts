import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application, CookieOptions, Locals, Request, Response } from '../index';
import type { GlobalResponse } from './express-globals';
import type { NextFunction } from './handlers';
import type { SendFileOptions, DownloadOptions } from './options';
import type { DefaultLocals } from './type-options';

/**
 * `fn(err)` of `res.sendFile`/`res.download`: `err` is set when the transfer failed.
 * Written through a method so that a callback annotated `(err: Error) => void` (as `@types/express`
 * declares it) is still accepted.
 */
export type FileCallback = { bivarianceHack(err?: Error): void }['bivarianceHack'];

/**
 * `callback(err, html)` of `res.render`/`app.render`: the error, or `null` and the HTML. `html` is typed
 * `string`, as `@types/express` types it (it is `undefined` only when `err` is set), so
 * `(err, html) => res.send(html.trim())` compiles. Written through a method so that a callback annotated
 * `(err: Error, html: string) => void` is still accepted.
 */
export type RenderCallback = { bivarianceHack(err: Error | null, html: string): void }['bivarianceHack'];

/** A `res.format` handler: called with the request, the response and the request's `next`. */
export type FormatHandler = (req: Request, res: Response, next: NextFunction) => unknown;

/** The argument of `res.format`: media types or extension names to handlers, plus an optional `default`. */
export interface FormatHandlers {
  [typeOrExtension: string]: FormatHandler | undefined;
  /** Runs when nothing matches `Accept` (instead of a 406). */
  default?: FormatHandler;
}

/**
 * The locals `L` of `res.render`/`app.render`: any object but a function (a function in that position is
 * the callback, so a callback of the wrong type must not pass as locals).
 */
export type RenderLocals<L> = L extends (...args: never[]) => unknown ? never : L;

/** A header value as `res.set`/`res.append` take it; numbers are written as strings. */
export type HeaderValue = string | number | readonly string[];

/** `res.send`/`res.json`/`res.jsonp`: sends `body` and returns the response. */
export type Send<ResBody = unknown, T = Response<ResBody>> = (body?: ResBody) => T;

/**
 * What every response shares, the Express 5 one included: node's `ServerResponse` plus the Express
 * methods whose forms did not change, without `app` and `locals` (their types differ). Each flavour
 * extends it directly rather than through `Omit`, so the methods returning `this` keep the flavour's own
 * response type along a chain (`res.status(201).json(…)`). `Req` is the type of `res.req`.
 */
export interface ResponseShared<Req extends IncomingMessage> extends ServerResponse<Req>, GlobalResponse {
  /** Sets the status code. */
  status(code: number): this;
  /** Sets the status and sends its reason phrase as the body. */
  sendStatus(code: number): this;

  /** Transfers a file (absolute `path`, or relative to `options.root`), with its Content-Type. */
  sendFile(path: string, callback?: FileCallback): void;
  sendFile(path: string, options: SendFileOptions, callback?: FileCallback): void;

  /** Transfers a file as an attachment, named `filename` or after the file. */
  download(path: string, callback?: FileCallback): void;
  download(path: string, filename: string, callback?: FileCallback): void;
  download(path: string, filename: string | null | undefined, options: DownloadOptions, callback?: FileCallback): void;
  download(path: string, options: DownloadOptions, callback?: FileCallback): void;

  /** Sets Content-Type from a media type, or from an extension name. */
  type(type: string): this;
  /** Alias of `type`. */
  contentType(type: string): this;
  /** Sets `Content-Disposition: attachment`, with the file name and its Content-Type when given. */
  attachment(filename?: string): this;

  /** Sets a header (arrays give several lines). */
  set(field: string, value?: HeaderValue): this;
  /** Sets several headers. */
  set(fields: Readonly<Record<string, HeaderValue>>): this;
  /** Alias of `set`. */
  header(field: string, value?: HeaderValue): this;
  header(fields: Readonly<Record<string, HeaderValue>>): this;
  /** A header set so far, case-insensitive. */
  get(field: string): string | undefined;
  /** Adds values to a header, creating it if needed. */
  append(field: string, value?: string | readonly string[]): this;
  /** Adds a field to `Vary` unless it is there. */
  vary(field: string | readonly string[]): this;

  /** Sets a cookie; an object value is written as `j:` + JSON. */
  cookie(name: string, value: unknown, options?: CookieOptions): this;
  /** Clears a cookie (the options must match the ones it was set with). */
  clearCookie(name: string, options?: CookieOptions): this;

  /** Runs the handler that best matches `Accept` and sets Content-Type; 406 when none matches and there is no `default`. */
  format(handlers: FormatHandlers): this;

  /** Renders a view and sends the HTML; with a callback, hands the HTML over instead. */
  render(view: string, callback?: RenderCallback): void;
  render<L extends object>(view: string, locals?: RenderLocals<L>, callback?: RenderCallback): void;
}

/**
 * What the 4.x and the 3.x (`portico/legacy`) responses share: {@link ResponseShared} plus the forms of
 * `send`, `json`, `jsonp`, `links`, `location` and `redirect` that Express 5 changed. `ResBody` is what
 * `send`/`json`/`jsonp` take.
 */
export interface ResponseCommon<ResBody, Req extends IncomingMessage> extends ResponseShared<Req> {
  /** Sends a string (HTML by default), a Buffer (octet-stream), or JSON for other values. */
  send(body?: ResBody): this;
  /** Sends `body` as JSON. */
  json(body?: ResBody): this;
  /** Sends JSON, or JSONP when the query carries the `jsonp callback name` parameter. */
  jsonp(body?: ResBody): this;
  /** Adds `Link` entries: relation name to URL. */
  links(links: Readonly<Record<string, string>>): this;
  /** Sets `Location` (`back` means the Referer, else `/`). */
  location(url: string): this;

  /** Redirects with 302 (`back` means the Referer, else `/`). */
  redirect(url: string): void;
  /** Redirects with `status`. */
  redirect(status: number, url: string): void;
  /** @deprecated Use `redirect(status, url)`. */
  redirect(url: string, status: number): void;
}

/**
 * The members of Portico's response (`res`). The public, mergeable `Response` interface (exported by
 * `portico`) extends this. `LocalsObj` is the type of `res.locals`, merged with the `Locals` interface.
 */
export interface ResponseMembers<ResBody = unknown, LocalsObj extends object = DefaultLocals> extends ResponseCommon<ResBody, Request> {
  /** The application handling the request. */
  app: Application;
  /** Template variables of this request-response cycle. */
  locals: LocalsObj & Locals;
}
