import Negotiator from 'negotiator';
import { PorticoRequest } from '../request/request';

/** One entry of `req.accepted`, as the 3.x interface described media ranges. */
export interface AcceptedType {
  value: string;
  quality: number;
  type: string;
  subtype: string;
}

/**
 * The request of a 3.x-style app: the 4.x request with the 3.x differences
 * (`accepts` answers `undefined`, `is` answers a Boolean, the `accepted*` arrays, `host` without port).
 */
export class LegacyRequest extends PorticoRequest {
  /** Best match for `Accept`, or `undefined` when nothing is acceptable. */
  override accepts(...types: Array<string | string[]>): string | string[] | false {
    const found = super.accepts(...types);
    return found === false ? (undefined as unknown as false) : found;
  }

  /** Does the body's `Content-Type` match? Always a Boolean. */
  override is(...types: Array<string | string[]>): string | false | null {
    return Boolean(super.is(...types)) as unknown as string | false | null;
  }

  /** The media ranges of `Accept`, highest quality first. */
  get accepted(): AcceptedType[] {
    return new Negotiator(this).mediaTypes().map((value, index) => {
      const slash = value.indexOf('/');
      return {
        value,
        quality: qualityOf(this.headers.accept, value, index),
        type: slash === -1 ? value : value.slice(0, slash),
        subtype: slash === -1 ? '*' : value.slice(slash + 1),
      };
    });
  }

  /** The languages of `Accept-Language`, highest quality first. */
  get acceptedLanguages(): string[] {
    return new Negotiator(this).languages();
  }

  /** The charsets of `Accept-Charset`, highest quality first. */
  get acceptedCharsets(): string[] {
    return new Negotiator(this).charsets();
  }

  /** Is `charset` acceptable? (Everything is, when the header is absent.) */
  override acceptsCharset(charset: string): string | string[] | false {
    return (this.headers['accept-charset'] === undefined || this.acceptsCharsets(charset) !== false) as unknown as false;
  }

  /** Is `lang` acceptable? (Everything is, when the header is absent.) */
  override acceptsLanguage(lang: string): string | string[] | false {
    return (this.headers['accept-language'] === undefined || this.acceptsLanguages(lang) !== false) as unknown as false;
  }

  /** The host name, without the port. */
  override get host(): string | undefined {
    return this.hostname;
  }
}

/** The `q` of `value` in an Accept header (1 when absent). */
function qualityOf(header: string | undefined, value: string, _index: number): number {
  if (!header) return 1;
  for (const part of header.split(',')) {
    const [range, ...params] = part.trim().split(';');
    if (range.trim().toLowerCase() !== value.toLowerCase()) continue;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') return Number(v);
    }
    return 1;
  }
  return 1;
}
