import { PorticoRequest } from '../request/request';
import { loadMime } from '../http/mime';
import { parseBasicCredentials } from './middleware/basic-auth';
import { warnDeprecated } from '../errors/deprecation';
import { isSharedPrototype, registerSharedPrototype } from '../request/shared-prototypes';
import { qualityListValues } from './quality-list';
import { headerString } from '../request/header';
import { parseRangeAllOrNothing } from '../http/express3-ranges';
import type { RangeResult } from '../request/range';

/** One entry of `req.accepted`, as the 3.x interface described media ranges. */
export interface AcceptedType {
  value: string;
  quality: number;
  params: Record<string, string>;
  originalIndex: number;
  type: string;
  subtype: string;
}

/**
 * The request of a 3.x-style app: the 4.x request with the 3.x differences
 * (`accepts` answers `undefined`, `is` answers a Boolean, the `accepted*` arrays, `host` without port).
 */
export class LegacyRequest extends PorticoRequest {
  /**
   * Best match for `Accept`, or `undefined` when nothing is acceptable. A single string may list
   * several types separated by commas (`'html, json'`), as 3.x allowed.
   */
  override accepts(...types: Array<string | string[]>): string | string[] | false {
    const list = types.length === 1 && typeof types[0] === 'string' && types[0].includes(',') ? types[0].split(/ *, */) : types;
    const found = super.accepts(...list);
    return found === false ? (undefined as unknown as false) : found;
  }

  /**
   * Does the `Content-Type` header match `type` (an extension such as `json`, a media type, or
   * one with a `*` half)? Always a Boolean, and decided by the header alone, body or not, as in 3.x.
   */
  override is(type: string | string[]): string | false | null {
    return contentTypeIs(this.headers['content-type'], type) as unknown as string | false | null;
  }

  /**
   * Is `encoding` one of the `Accept-Encoding` entries as listed? A Boolean, as in 3.x, which looked
   * the value up in `acceptedEncodings` without negotiating: no header accepts nothing, not even `identity`.
   */
  override acceptsEncoding(encoding: string): string | string[] | false {
    return this.acceptedEncodings.includes(encoding) as unknown as false;
  }

  /** The media ranges of `Accept`, highest quality first (none when the header is absent or empty). */
  get accepted(): AcceptedType[] {
    if (isSharedPrototype(this)) return [];
    if (!this.headers.accept) return [];
    return parseAccept(this.headers.accept);
  }

  /** The languages of `Accept-Language`, highest quality first, as 3.x listed them (`qualityListValues`). */
  get acceptedLanguages(): string[] {
    if (isSharedPrototype(this)) return [];
    const header = this.headers['accept-language'];
    return header ? qualityListValues(header) : [];
  }

  /** The charsets of `Accept-Charset`, highest quality first, as 3.x listed them (`qualityListValues`). */
  get acceptedCharsets(): string[] {
    if (isSharedPrototype(this)) return [];
    // node:http joins repeated Accept-Charset lines into one string; an array only comes from a hand-made request.
    const header = this.headers['accept-charset'];
    return typeof header === 'string' && header !== '' ? qualityListValues(header) : [];
  }

  /**
   * The entries of `Accept-Encoding` as listed, parameters included: 3.x split the header on commas
   * and did not weigh or drop anything (`acceptsEncoding` looks a value up in this list).
   */
  get acceptedEncodings(): string[] {
    if (isSharedPrototype(this)) return [];
    const header = this.headers['accept-encoding'];
    if (!header) return [];
    return header.trim().split(/ *, */);
  }

  /** The credentials of a Basic `Authorization` header (deprecated in 3.x already). */
  get auth(): { username: string; password: string } | undefined {
    if (isSharedPrototype(this)) return undefined;
    warnDeprecated('req.auth: Use basic-auth npm module instead');
    const header = this.headers.authorization;
    const credentials = header === undefined ? null : parseBasicCredentials(header);
    return credentials === null ? undefined : { username: credentials.name, password: credentials.pass };
  }

  /**
   * Is `charset` listed in `acceptedCharsets` (exactly: no wildcard, no case folding)? Everything is
   * when that list is empty (no header, an empty one, or only members of quality 0), as in 3.x.
   */
  override acceptsCharset(charset: string): string | string[] | false {
    return listedOrUnrestricted(this.acceptedCharsets, charset) as unknown as false;
  }

  /** Is `lang` listed in `acceptedLanguages`? Everything is when that list is empty, as in 3.x. */
  override acceptsLanguage(lang: string): string | string[] | false {
    return listedOrUnrestricted(this.acceptedLanguages, lang) as unknown as false;
  }

  /**
   * `req.range(size)` as 3.x resolved it: one unusable member makes the whole header unsatisfiable
   * (-1), and there is no `combine` option (a second argument is ignored).
   */
  override range(size: number): RangeResult {
    const header = headerString(this, 'range');
    return header ? parseRangeAllOrNothing(size, header) : undefined;
  }

  /** The host name, without the port. */
  override get host(): string | undefined {
    return this.hostname;
  }
}

/** The 3.x answer of `acceptsCharset`/`acceptsLanguage`: an empty list restricts nothing. */
function listedOrUnrestricted(list: string[], value: string): boolean {
  return list.length === 0 || list.includes(value);
}

/**
 * The ranges of an Accept header with their parameters and position, highest quality first (ties
 * keep their order); ranges with `q=0` are left out.
 */
function parseAccept(header: string): AcceptedType[] {
  const out: AcceptedType[] = [];
  header.split(',').forEach((part, originalIndex) => {
    const [range, ...rest] = part.trim().split(';');
    const value = range.trim();
    if (!value) return;
    const params: Record<string, string> = {};
    let quality = 1;
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq === -1) continue;
      const key = p.slice(0, eq).trim().toLowerCase();
      const val = p.slice(eq + 1).trim();
      if (key === 'q') quality = Number(val);
      else if (key !== '__proto__') params[key] = val;
    }
    if (!(quality > 0)) return;
    const slash = value.indexOf('/');
    out.push({
      value,
      quality,
      params,
      originalIndex,
      type: slash === -1 ? value : value.slice(0, slash),
      subtype: slash === -1 ? '*' : value.slice(slash + 1),
    });
  });
  return out.sort((a, b) => b.quality - a.quality || a.originalIndex - b.originalIndex);
}

/** 3.x `req.is`: the header's media type against one type (an extension is looked up first). */
function contentTypeIs(header: string | undefined, type: string | string[]): boolean {
  if (!header) return false;
  const actual = header.split(';')[0].trim().toLowerCase();
  const first = Array.isArray(type) ? type[0] : type;
  if (typeof first !== 'string') return false;
  const wanted = (first.includes('/') ? first : loadMime().lookup(first)).toLowerCase();
  if (!wanted.includes('*')) return actual === wanted;
  const [wantedType, wantedSub] = wanted.split('/');
  const [actualType, actualSub] = actual.split('/');
  return (wantedType === '*' && wantedSub === actualSub) || (wantedSub === '*' && wantedType === actualType);
}

registerSharedPrototype(LegacyRequest.prototype);
