import { ServerResponse, type OutgoingHttpHeader } from 'node:http';
import type { Application } from '../application/application';
import type { PorticoRequest } from '../request/request';
import { sendFile } from './send-file';
import { download } from './download';
import { render } from './render';
import { sendfileRelative, type RelativeSendfileOptions, type RelativeFileCallback } from './sendfile-relative';
import { warnDeprecated } from '../errors/deprecation';
import { setStatus, sendStatus } from './status';
import { send } from './send';
import { recordOwnSend, sendJson, sendJsonp } from './json';
import { setHeaderField, getHeaderField, appendHeaderField } from './headers';
import { setContentType, setAttachment } from './content-type';
import { addVary } from './vary';
import { addLinks } from './links';
import { setCookie, clearCookie, type CookieOptions } from './cookie';
import { formatResponse, type FormatHandler } from './format';
import { setLocation } from './location';
import { redirect } from './redirect';
import { enumerateMembers } from '../http/enumerable-members';
import { recordOwnHeaderMethods } from '../http/own-header-methods';

/**
 * The response class, passed to node:http when Portico creates the server.
 * Methods live in one file per concern; this class only gathers them. Methods that Express
 * implements on top of others (`json` → `send`, `redirect` → `location`/`format`/`end`) call
 * them through `this`, so middleware that wraps them on the instance sees every call.
 */
export class PorticoResponse extends ServerResponse<PorticoRequest> {
  declare app: Application;
  declare locals: Record<string, unknown>;

  constructor(...args: ConstructorParameters<typeof ServerResponse<PorticoRequest>>) {
    super(...args);
    // Created with the object, as on the request (see PorticoRequest's constructor).
    this.app = undefined as unknown as Application;
    this.locals = undefined as unknown as Record<string, unknown>;
  }

  /** Sets the status code; chainable. */
  status(code: number): this {
    return setStatus(this, code) as this;
  }

  /** Sends the status with its reason phrase as the body. */
  sendStatus(code: number): this {
    return sendStatus(this, code) as this;
  }

  /** Sends a string, Buffer, or JSON for other values. */
  send(body?: unknown, status?: unknown): this {
    return send(this, arguments.length, body, status) as this;
  }

  /** Sends the body as JSON. */
  json(body?: unknown, status?: unknown): this {
    return sendJson(this, arguments.length, body, status) as this;
  }

  /** Sends JSON, or JSONP when the callback parameter is in the query. */
  jsonp(body?: unknown, status?: unknown): this {
    return sendJsonp(this, arguments.length, body, status) as this;
  }

  /** Sets a header (or several, from an object). */
  set(field: string | Record<string, unknown>, value?: unknown): this {
    return setHeaderField(this, arguments.length, field, value) as this;
  }

  /** Alias of `set`. */
  header(field: string | Record<string, unknown>, value?: unknown): this {
    return setHeaderField(this, arguments.length, field, value) as this;
  }

  /** A response header, case-insensitive. */
  get(field: string): OutgoingHttpHeader | undefined {
    return getHeaderField(this, field);
  }

  /** Adds values to a header. */
  append(field: string, value?: unknown): this {
    return appendHeaderField(this, field, value) as this;
  }

  /** Sets Content-Type from a media type or an extension. */
  type(type: string): this {
    return setContentType(this, type) as this;
  }

  /** Alias of `type`. */
  contentType(type: string): this {
    return setContentType(this, type) as this;
  }

  /** Content-Disposition: attachment, with the filename and its type. */
  attachment(filename?: string): this {
    return setAttachment(this, filename) as this;
  }

  /** Adds a field to Vary. */
  vary(field: string | string[]): this {
    return addVary(this, field) as this;
  }

  /** Adds Link header entries. */
  links(links: Record<string, string>): this {
    return addLinks(this, links) as this;
  }

  /** Sets a cookie. */
  cookie(name: string, value: unknown, options?: CookieOptions): this {
    return setCookie(this, name, value, options) as this;
  }

  /** Clears a cookie. */
  clearCookie(name: string, options?: CookieOptions): this {
    return clearCookie(this, name, options) as this;
  }

  /** Runs the handler matching Accept. */
  format(handlers: Record<string, FormatHandler>): this {
    return formatResponse(this, handlers) as this;
  }

  /** Sets Location. */
  location(url: string): this {
    return setLocation(this, url) as this;
  }

  /** Redirects: `(url)`, `(status, url)` or the deprecated `(url, status)`. */
  redirect(statusOrUrl: number | string, url?: string | number): void {
    redirect(this, arguments.length, statusOrUrl, url);
  }

  /** Transfers a file (see src/files). */
  sendFile(...args: Parameters<typeof sendFile>): void {
    return sendFile.apply(this, args);
  }

  /** Deprecated lower-case form: a relative path is relative to the working directory. */
  sendfile(path: string, options?: RelativeSendfileOptions | RelativeFileCallback, fn?: RelativeFileCallback): void {
    warnDeprecated('res.sendfile: Use res.sendFile instead');
    sendfileRelative(this, path, options, fn);
  }

  /** Transfers a file as an attachment. */
  download(...args: Parameters<typeof download>): void {
    return download.apply(this, args);
  }

  /** Renders a view and sends it, or hands it to the callback. */
  render(...args: Parameters<typeof render>): void {
    return render.apply(this, args);
  }
}

enumerateMembers(PorticoResponse.prototype, [
  'status', 'links', 'send', 'json', 'jsonp', 'sendStatus', 'sendFile', 'sendfile', 'download', 'type',
  'contentType', 'format', 'attachment', 'append', 'header', 'set', 'get', 'clearCookie', 'cookie',
  'location', 'redirect', 'vary', 'render',
]);

recordOwnHeaderMethods(PorticoResponse.prototype);
recordOwnSend(PorticoResponse.prototype.send);
