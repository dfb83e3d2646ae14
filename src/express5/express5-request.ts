import { IncomingMessage } from 'node:http';
import type { ParsedQs } from 'qs';
import { PorticoRequest } from '../request/request';
import type { Application } from '../application/application';
import type { PorticoResponse } from '../response/response';
import type { NextFunction } from '../router/types';
import { isSharedPrototype, registerSharedPrototype } from '../request/shared-prototypes';
import { forwardedOrHost } from '../request/host';
import { queryStringOf } from '../request/query';
import { readQueryParserFn } from '../settings/settings';
import { copyMembers, orderMembers } from './copy-members';
// @ts-expect-error -- the alias has no declarations of its own; its shape is `fresh`'s (FreshComparison)
import fresh2Module from 'fresh2';
import { isFreshBy, type FreshComparison } from '../request/freshness';
import { lazyModule } from '../http/lazy-module';
import type * as Range from '../request/range';
import type * as Negotiation5 from './negotiation-5';
import type * as ContentTypeMatch5 from './content-type-match-5';
import { parseRange5 } from './range-5';

// Required on first use, as for a 4.x request: negotiator 1, type-is 2 and mime-types 3, range-parser.
const loadNegotiation5 = lazyModule(() => require('./negotiation-5') as typeof Negotiation5);
const loadRange = lazyModule(() => require('../request/range') as typeof Range);
const loadContentTypeMatch5 = lazyModule(() => require('./content-type-match-5') as typeof ContentTypeMatch5);

/** `fresh` 2, the version Express 5 compares validators with (installed under an alias beside 0.5). */
const fresh2 = fresh2Module as FreshComparison;

/** The members of the 4.x request that Express 5 removed. */
const REMOVED = ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage', 'host'];

/**
 * The request of an Express 5 app (`portico5.request`): the 4.x request's members, without the
 * ones 5.x removed, with `req.query` a getter and `req.host` keeping the port. Passed to node:http
 * by `app.listen` of an Express 5 app, so its requests are born with this prototype.
 */
export class Express5Request extends IncomingMessage {
  declare app: Application;
  declare res: PorticoResponse;
  declare next: NextFunction;
  declare baseUrl: string;
  declare originalUrl: string;
  declare params: Record<string, string>;

  constructor(...args: ConstructorParameters<typeof IncomingMessage>) {
    super(...args);
    // PorticoRequest's constructor fields, but `query`, which is the prototype's getter here.
    this.app = undefined as unknown as Application;
    this.res = undefined as unknown as PorticoResponse;
    this.next = undefined as unknown as NextFunction;
    this.baseUrl = undefined as unknown as string;
    this.originalUrl = undefined as unknown as string;
    this.params = undefined as unknown as Record<string, string>;
  }
}

/** The members the prototype gets below: the 4.x request's, less the removed ones, with a read-only `query`. */
export interface Express5RequestMembers
  extends Omit<PorticoRequest, keyof IncomingMessage | 'param' | 'acceptsCharset' | 'acceptsEncoding' | 'acceptsLanguage' | 'query'> {
  readonly query: ParsedQs;
}

/** A request of an Express 5 app. */
export type Request5 = Express5Request & Express5RequestMembers;

copyMembers(PorticoRequest.prototype, Express5Request.prototype, REMOVED);

Object.defineProperties(Express5Request.prototype, {
  /**
   * Parsed from the URL on every read, with the app's `query parser fn` (`simple` by default), as
   * Express 5 does: a new object each time, nothing stored on the request, and no setter (an
   * assignment fails in strict code and is ignored elsewhere). With the parser disabled, an object
   * without a prototype, as Express 5 gives.
   */
  query: {
    configurable: true,
    enumerable: true,
    get(this: Request5): ParsedQs | undefined {
      if (isSharedPrototype(this)) return undefined;
      const parse = readQueryParserFn(this.app.settings) as ((query: string) => ParsedQs) | undefined;
      if (typeof parse !== 'function') return Object.create(null) as ParsedQs;
      return parse(queryStringOf(this.url ?? '') as string);
    },
  },
  /** As in Express 4, compared by `fresh` 2: an `If-None-Match` present decides without `If-Modified-Since`. */
  fresh: {
    configurable: true,
    enumerable: true,
    get(this: Request5): boolean {
      return isFreshBy(this as unknown as PorticoRequest, fresh2);
    },
  },
  /** The host the client asked for, port included (`req.hostname` drops it). */
  host: {
    configurable: true,
    enumerable: true,
    get(this: Request5): string | undefined {
      if (isSharedPrototype(this)) return undefined;
      return forwardedOrHost(this as unknown as PorticoRequest);
    },
  },
});

/**
 * The members whose libraries Express 5 resolves at other versions than Express 4: `accepts` 2
 * (negotiator 1, mime-types 3), type-is 2 and range-parser `^1.2.1` (1.3). Same attributes as the 4.x members.
 */
const VERSIONED_MEMBERS: Record<string, (this: Request5, ...args: never[]) => unknown> = {
  accepts(this: Request5, ...args: unknown[]) {
    return loadNegotiation5().accepts5.apply(this, args);
  },
  acceptsEncodings(this: Request5, ...args: unknown[]) {
    return loadNegotiation5().acceptsEncodings5.apply(this, args);
  },
  acceptsCharsets(this: Request5, ...args: unknown[]) {
    return loadNegotiation5().acceptsCharsets5.apply(this, args);
  },
  acceptsLanguages(this: Request5, ...args: unknown[]) {
    return loadNegotiation5().acceptsLanguages5.apply(this, args);
  },
  is(this: Request5, ...types: unknown[]) {
    return loadContentTypeMatch5().isContentType5(this, types);
  },
  range(this: Request5, size: number, options?: Parameters<typeof Range.getRange>[2]) {
    return loadRange().getRange(this as unknown as PorticoRequest, size, options, parseRange5);
  },
};
for (const [name, value] of Object.entries(VERSIONED_MEMBERS)) {
  const descriptor = Object.getOwnPropertyDescriptor(Express5Request.prototype, name) as PropertyDescriptor;
  Object.defineProperty(Express5Request.prototype, name, { ...descriptor, value });
}

// Express 5's order of `Object.keys(express.request)`.
orderMembers(Express5Request.prototype, [
  'header', 'get', 'accepts', 'acceptsEncodings', 'acceptsCharsets', 'acceptsLanguages', 'range', 'query',
  'is', 'protocol', 'secure', 'ip', 'ips', 'subdomains', 'path', 'host', 'hostname', 'fresh', 'stale', 'xhr',
]);

registerSharedPrototype(Express5Request.prototype);
