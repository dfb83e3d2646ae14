import { IncomingMessage } from 'node:http';
import type parseRange from 'range-parser';
import type { ParsedQs } from 'qs';
import type { Application } from '../application/application';
import type { PorticoResponse } from '../response/response';
import type { Route } from '../router/route';
import type { NextFunction } from '../router/types';
import { getRequestHeader, recordOwnRequestGet } from './header';
import { getPath } from './path';
import { getQuery, setQuery } from './query';
import { getHostname, getDeprecatedHost } from './host';
import { getProtocol, isSecure } from './protocol';
import { getIp, getIps } from './client-address';
import { getSubdomains } from './subdomains';
import { isFresh, isStale } from './freshness';
import { isXhr } from './xhr';
import {
  accepts,
  acceptsCharsets,
  acceptsEncodings,
  acceptsLanguages,
  acceptsCharsetDeprecated,
  acceptsEncodingDeprecated,
  acceptsLanguageDeprecated,
} from './negotiation';
import { isContentType } from './content-type-match';
import { getParam } from './param';
import { getRange, type RangeResult } from './range';
import { enumerateMembers } from '../http/enumerable-members';

/** What the negotiation methods answer: one choice, every accepted value (no arguments), or `false`. */
type Negotiated = string | string[] | false;

/**
 * The request class. When Portico creates the server it passes this class to node:http,
 * so requests are born with the right prototype; a foreign server's requests get it once
 * on entry. Each member delegates to the file of its concern (hostname, negotiation, freshness, …).
 */
export class PorticoRequest extends IncomingMessage {
  declare app: Application;
  declare res: PorticoResponse;
  declare next: NextFunction;
  declare baseUrl: string;
  declare originalUrl: string;
  declare params: Record<string, string>;
  declare route: Route | undefined;
  declare body: unknown;
  /** Set by the cookie parser: the secret `res.cookie(..., { signed: true })` signs with. */
  declare secret: string | Buffer | undefined;
  declare cookies: Record<string, unknown>;
  declare signedCookies: Record<string, unknown>;

  constructor(...args: ConstructorParameters<typeof IncomingMessage>) {
    super(...args);
    // The fields the app and router give every request, created with the object so that setting
    // them later does not change its shape on each request (requests of a foreign server get them then).
    this.app = undefined as unknown as Application;
    this.res = undefined as unknown as PorticoResponse;
    this.next = undefined as unknown as NextFunction;
    this.baseUrl = undefined as unknown as string;
    this.originalUrl = undefined as unknown as string;
    this.params = undefined as unknown as Record<string, string>;
  }

  /** The parsed query string (see the `query parser` setting); parsed on first read, assignable. */
  get query(): ParsedQs {
    return getQuery(this) as ParsedQs;
  }
  set query(value: unknown) {
    setQuery(this, value);
  }

  /** The pathname of `req.url`. */
  get path(): string {
    return getPath(this);
  }

  /** Host name from `Host` (or a trusted `X-Forwarded-Host`), without the port. */
  get hostname(): string | undefined {
    return getHostname(this);
  }

  /** Deprecated alias of `hostname`. */
  get host(): string | undefined {
    return getDeprecatedHost(this);
  }

  /** `http` or `https` (or a trusted `X-Forwarded-Proto`). */
  get protocol(): string {
    return getProtocol(this);
  }

  /** `protocol === 'https'`. */
  get secure(): boolean {
    return isSecure(this);
  }

  /** The client address, per `trust proxy`. */
  get ip(): string | undefined {
    return getIp(this);
  }

  /** The trusted `X-Forwarded-For` chain, client first. */
  get ips(): string[] {
    return getIps(this);
  }

  /** The host's subdomains, nearest the root first. */
  get subdomains(): string[] {
    return getSubdomains(this);
  }

  /** The client's cached response is still valid. */
  get fresh(): boolean {
    return isFresh(this);
  }

  /** Opposite of `fresh`. */
  get stale(): boolean {
    return isStale(this);
  }

  /** `X-Requested-With: XMLHttpRequest`. */
  get xhr(): boolean {
    return isXhr(this);
  }

  /** A request header, case-insensitive; `Referer`/`Referrer` interchangeable. */
  get(name: string): string | string[] | undefined {
    return getRequestHeader(this, name);
  }

  /** Alias of `get`. */
  header(name: string): string | string[] | undefined {
    return getRequestHeader(this, name);
  }

  /** Best of the given types for `Accept`, or `false`. */
  accepts(...types: Array<string | string[]>): Negotiated {
    return accepts(this, types);
  }

  /** First acceptable charset, or `false`. */
  acceptsCharsets(...charsets: Array<string | string[]>): Negotiated {
    return acceptsCharsets(this, charsets);
  }

  /** First acceptable encoding, or `false`. */
  acceptsEncodings(...encodings: Array<string | string[]>): Negotiated {
    return acceptsEncodings(this, encodings);
  }

  /** First acceptable language, or `false`. */
  acceptsLanguages(...languages: Array<string | string[]>): Negotiated {
    return acceptsLanguages(this, languages);
  }

  /** Deprecated alias of `acceptsCharsets`. */
  acceptsCharset(...charsets: Array<string | string[]>): Negotiated {
    return acceptsCharsetDeprecated(this, charsets);
  }

  /** Deprecated alias of `acceptsEncodings`. */
  acceptsEncoding(...encodings: Array<string | string[]>): Negotiated {
    return acceptsEncodingDeprecated(this, encodings);
  }

  /** Deprecated alias of `acceptsLanguages`. */
  acceptsLanguage(...languages: Array<string | string[]>): Negotiated {
    return acceptsLanguageDeprecated(this, languages);
  }

  /** The matching media type of the body, `false`, or `null` without a body. */
  is(...types: Array<string | string[]>): string | false | null {
    return isContentType(this, types);
  }

  /** Deprecated: `params`, then `body`, then `query`. */
  param(name: string, defaultValue?: unknown): unknown {
    return getParam(this, name, defaultValue, arguments.length);
  }

  /** The `Range` header resolved against `size`. */
  range(size: number, options?: parseRange.Options): RangeResult {
    return getRange(this, size, options);
  }
}

enumerateMembers(PorticoRequest.prototype, [
  'header', 'get', 'accepts', 'acceptsEncodings', 'acceptsEncoding', 'acceptsCharsets', 'acceptsCharset',
  'acceptsLanguages', 'acceptsLanguage', 'range', 'param', 'is', 'protocol', 'secure', 'ip', 'ips',
  'subdomains', 'path', 'hostname', 'host', 'fresh', 'stale', 'xhr',
]);

recordOwnRequestGet(PorticoRequest.prototype.get);
