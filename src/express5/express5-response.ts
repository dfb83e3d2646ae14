import { ServerResponse } from 'node:http';
import { Buffer } from 'node:buffer';
import encodeUrl from 'encodeurl';
import appendVary from 'vary';
import { PorticoResponse } from '../response/response';
import type { PorticoRequest } from '../request/request';
import type { Application } from '../application/application';
import { send, sendSettledString, HTML_UTF8, LENGTH_YIELDS_TO_TRANSFER_ENCODING } from '../response/send';
import { recordOwnHeaderMethods, usesOwnHeaderMethods } from '../http/own-header-methods';
import { readHeader, setTrustedHeader, CONTENT_TYPE } from '../http/trusted-header';
import { recordOwnSend, sendJson, sendJsonp } from '../response/json';
import { statusMessage } from '../response/status';
import { writeRedirect, type RedirectPage } from '../response/redirect';
import type { CookieOptions } from '../response/cookie';
import { registerSharedPrototype } from '../request/shared-prototypes';
import { checkStatus } from './express5-status';
import { attachmentHeader, completeContentType, extensionOf, setCharset5, typeOfExtension } from './express5-content-type';
import { setHeaderField } from '../response/headers';
import { copyMembers } from './copy-members';
import { lazyModule } from '../http/lazy-module';
import type * as SendFile5 from './send-file-5';

// The file sender is required on the first res.sendFile or res.download, as for a 4.x response.
const loadSendFile5 = lazyModule(() => require('./send-file-5') as typeof SendFile5);

/** The members of the 4.x response that Express 5 removed. */
const REMOVED = ['sendfile'];

/** Express 5's redirect page: a small HTML document titled with the reason phrase. */
const html5: RedirectPage = (message, location) =>
  '<!DOCTYPE html><head><title>' + message + '</title></head><body><p>' + message + '. Redirecting to ' + location + '</p></body>';

/**
 * The response of an Express 5 app (`portico5.response`): the 4.x response's members with the 5.x
 * signatures. Status codes are checked, the status-in-arguments forms are gone (`send(201)` sends
 * the JSON `201`; a second argument is ignored), `'back'` is an ordinary URL, `clearCookie` always
 * expires at the epoch, `vary()` needs a field and `links` takes arrays of URLs.
 */
export class Express5Response extends ServerResponse<PorticoRequest> {
  declare app: Application;
  declare locals: Record<string, unknown>;

  constructor(...args: ConstructorParameters<typeof ServerResponse<PorticoRequest>>) {
    super(...args);
    this.app = undefined as unknown as Application;
    this.locals = undefined as unknown as Record<string, unknown>;
  }
}

/** The members the prototype gets below: the 4.x response's, less `sendfile`. */
export type Express5ResponseMembers = Omit<PorticoResponse, keyof ServerResponse | 'sendfile'>;

/** A response of an Express 5 app. */
export type Response5 = Express5Response & Express5ResponseMembers;

copyMembers(PorticoResponse.prototype, Express5Response.prototype, REMOVED);


const members: Record<string, (this: Response5, ...args: never[]) => unknown> = {
  status(this: Response5, code: unknown) {
    this.statusCode = checkStatus(code);
    return this;
  },

  sendStatus(this: Response5, code: unknown) {
    const status = checkStatus(code);
    this.statusCode = status;
    this.type('txt');
    return this.send(statusMessage(status) || String(status));
  },

  send(this: Response5, body?: unknown) {
    // Numbers are bodies like any other JSON value now.
    if (typeof body === 'number') return this.json(body);
    // Any Uint8Array is bytes (Express 4 sent a non-Buffer one as JSON); a Buffer over the same memory, no copy.
    if (body instanceof Uint8Array && !Buffer.isBuffer(body)) {
      return send(this as unknown as PorticoResponse, 1, Buffer.from(body.buffer, body.byteOffset, body.byteLength), undefined);
    }
    if (typeof body === 'string') return sendString5(this, body);
    // An empty body that keeps whatever type was set, without adding a charset to it.
    if (body === null) return sendSettledString(this as unknown as PorticoResponse, '', usesOwnHeaderMethods(this as unknown as PorticoResponse)) as unknown as Response5;
    return send(this as unknown as PorticoResponse, 1, body, undefined);
  },

  json(this: Response5, body?: unknown) {
    return sendJson(this as unknown as PorticoResponse, 1, body, undefined);
  },

  jsonp(this: Response5, body?: unknown) {
    return sendJsonp(this as unknown as PorticoResponse, 1, body, undefined);
  },

  location(this: Response5, url: unknown) {
    return this.set('Location', encodeUrl(String(url)));
  },

  redirect(this: Response5, first: unknown, second?: unknown) {
    // Exactly two arguments are (status, url), whatever their types; the status is checked as it is
    // set, after `Location`. Any other count is the URL alone.
    if (arguments.length === 2) writeRedirect(this as unknown as PorticoResponse, first as number, second, html5, setCheckedStatus);
    else writeRedirect(this as unknown as PorticoResponse, 302, first, html5, setCheckedStatus);
  },

  set(this: Response5, field: string | Record<string, unknown>, value?: unknown) {
    return setHeader5(this, arguments.length, field, value);
  },

  header(this: Response5, field: string | Record<string, unknown>, value?: unknown) {
    return setHeader5(this, arguments.length, field, value);
  },

  type(this: Response5, type: string) {
    return this.set('Content-Type', typeOfExtension(type));
  },

  contentType(this: Response5, type: string) {
    return this.set('Content-Type', typeOfExtension(type));
  },

  sendFile(this: Response5, ...args: Parameters<typeof SendFile5.sendFile5>) {
    return loadSendFile5().sendFile5.apply(this as unknown as PorticoResponse, args);
  },

  download(this: Response5, ...args: Parameters<typeof SendFile5.download5>) {
    return loadSendFile5().download5.apply(this as unknown as PorticoResponse, args);
  },

  attachment(this: Response5, filename?: string) {
    if (filename) this.type(extensionOf(filename));
    return this.set('Content-Disposition', attachmentHeader(filename));
  },

  clearCookie(this: Response5, name: string, options?: CookieOptions) {
    const opts: Record<string, unknown> = { path: '/', ...options, expires: new Date(1) };
    delete opts.maxAge;
    return this.cookie(name, '', opts as CookieOptions);
  },

  vary(this: Response5, field: string | string[]) {
    appendVary(this, field);
    return this;
  },

  links(this: Response5, links: Record<string, string | string[]>) {
    let link = (this.get('Link') as string | undefined) || '';
    if (link) link += ', ';
    const entries: string[] = [];
    for (const rel of Object.keys(links)) {
      const urls = links[rel];
      for (const url of Array.isArray(urls) ? urls : [urls]) entries.push('<' + String(url) + '>; rel="' + rel + '"');
    }
    return this.set('Link', link + entries.join(', '));
  },
};

/**
 * A string body as Express 5 types it: a Content-Type string already set gets `charset=utf-8`
 * (content-type 2), anything else becomes HTML, in one `res.set`. With Portico's own header methods
 * the HTML type is stored directly, as the 4.x send does.
 */
function sendString5(res: Response5, body: string): Response5 {
  const response = res as unknown as PorticoResponse;
  const own = usesOwnHeaderMethods(response);
  const type = own ? readHeader(response, CONTENT_TYPE) : res.get('Content-Type');
  if (typeof type === 'string') res.set('Content-Type', setCharset5(type, 'utf-8'));
  else if (!own || !setTrustedHeader(response, CONTENT_TYPE, HTML_UTF8)) res.type('html');
  return sendSettledString(response, body, own) as unknown as Response5;
}

function setCheckedStatus(res: PorticoResponse, status: number): void {
  res.statusCode = checkStatus(status);
}

/**
 * `res.set` of Express 5: a Content-Type other than an array is stringified and completed by
 * mime-types 3 before the 4.x rules; what it cannot complete (`1`, `true`, `'x'`) is stored as `false`.
 */
function setHeader5(res: Response5, argc: number, field: unknown, value: unknown): Response5 {
  if (argc === 2 && !Array.isArray(value) && typeof field === 'string' && field.toLowerCase() === 'content-type') {
    const completed = completeContentType(String(value));
    if (completed === false) {
      res.setHeader(field, false as unknown as string);
      return res;
    }
    return setHeaderField(res as unknown as PorticoResponse, 2, field, completed) as unknown as Response5;
  }
  return setHeaderField(res as unknown as PorticoResponse, argc, field, value) as unknown as Response5;
}

for (const [name, value] of Object.entries(members)) {
  const descriptor = Object.getOwnPropertyDescriptor(Express5Response.prototype, name) as PropertyDescriptor;
  Object.defineProperty(Express5Response.prototype, name, { ...descriptor, value });
}

Object.defineProperty(Express5Response.prototype, LENGTH_YIELDS_TO_TRANSFER_ENCODING, { value: true });

registerSharedPrototype(Express5Response.prototype);

recordOwnSend((Express5Response.prototype as Response5).send);
recordOwnHeaderMethods(Express5Response.prototype as unknown as Parameters<typeof recordOwnHeaderMethods>[0]);
