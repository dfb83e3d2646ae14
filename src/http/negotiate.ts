import type NegotiatorClass from 'negotiator';
import type TypeIs from 'type-is';
import { lazyModule } from './lazy-module';

// Required on the first negotiation: type-is brings mime-types and the whole mime-db table.
const loadNegotiator = lazyModule(() => require('negotiator') as typeof NegotiatorClass);
const loadTypeIs = lazyModule(() => require('type-is') as typeof TypeIs);

/**
 * The two libraries negotiation reads, as one Express version's `accepts` has them: the negotiator
 * that parses the `Accept*` headers, and the table that turns an extension name into a media type.
 * Express 4 (accepts 1.3) reads negotiator 0.6 and mime-types 2; Express 5 (accepts 2) reads
 * negotiator 1 and mime-types 3, which differ on bare or empty `q` values and on some extensions.
 */
export interface NegotiationLibraries {
  /** A negotiator over the request's headers. */
  negotiator(carrier: HeaderCarrier): NegotiatorClass;
  /** The media type of an extension name (no `/`), or `false`. */
  extensionType(name: string): string | false;
}

/** Express 4's: negotiator 0.6 and type-is 1's mime-types 2 table, each required on first use. */
export const NEGOTIATION_4: NegotiationLibraries = Object.freeze({
  negotiator: (carrier: HeaderCarrier): NegotiatorClass => new (loadNegotiator())(carrier),
  extensionType: (name: string): string | false => extensionToMediaType(name),
});

/**
 * Content negotiation over a request's headers (RFC 9110 §12.5): pure functions on a
 * structural `{ headers }`, with the answers of Express 4's `req.accepts*` methods.
 */
export interface HeaderCarrier {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Turns `html` or `.html` into `text/html`; a value with a `/` is already a media type; unknown → `false`.
 * The table is mime-types 2.x (mime-db 1.52), the one Express 4's `req.accepts` reads, not the
 * mime@1.6 table of `res.type`: they disagree on some extensions (`mdx`, `hjson`, `spdx`…).
 * type-is's `normalize` is that lookup, once its own shorthands are set aside.
 */
function extensionToMediaType(type: string): string | false {
  if (type.indexOf('/') !== -1) return type;
  if (type === 'urlencoded' || type === 'multipart' || type[0] === '+') return false;
  return loadTypeIs().normalize(type) || false;
}

/**
 * The best of `types` (media types or extension names) for the `Accept` header, returned as given;
 * `false` when none is acceptable; without an `Accept` header, the first; without `types`, every accepted type.
 */
export function negotiateType(carrier: HeaderCarrier, types: string[], libraries: NegotiationLibraries = NEGOTIATION_4): string | string[] | false {
  if (types.length === 0) return libraries.negotiator(carrier).mediaTypes();
  if (!carrier.headers.accept) return types[0];
  const mediaTypes = types.map((t) => (t.indexOf('/') !== -1 ? t : libraries.extensionType(t)));
  const valid = mediaTypes.filter((t): t is string => typeof t === 'string');
  const best = libraries.negotiator(carrier).mediaTypes(valid)[0];
  return best ? types[mediaTypes.indexOf(best)] : false;
}

/**
 * The best of `charsets` per `Accept-Charset`, else `false`; none given → all accepted. A missing
 * header reads as `*`, so an exact `*` among the choices outranks the others (`'*'` for
 * `('utf-8', '*')`); an empty or blank header accepts nothing. No shortcut on a missing header:
 * Express 4 has none here (only `req.accepts` answers the first type without its header).
 */
export function negotiateCharset(carrier: HeaderCarrier, charsets: string[], libraries: NegotiationLibraries = NEGOTIATION_4): string | string[] | false {
  if (charsets.length === 0) return libraries.negotiator(carrier).charsets();
  return libraries.negotiator(carrier).charsets(charsets)[0] || false;
}

/** The first of `encodings` acceptable per `Accept-Encoding` (`identity` is acceptable by default); none given → all accepted. */
export function negotiateEncoding(carrier: HeaderCarrier, encodings: string[], libraries: NegotiationLibraries = NEGOTIATION_4): string | string[] | false {
  if (encodings.length === 0) return libraries.negotiator(carrier).encodings();
  return libraries.negotiator(carrier).encodings(encodings)[0] || false;
}

/**
 * The best of `languages` per `Accept-Language`, else `false`; none given → all accepted. As for
 * charsets, a missing header reads as `*` and an empty or blank one accepts nothing.
 */
export function negotiateLanguage(carrier: HeaderCarrier, languages: string[], libraries: NegotiationLibraries = NEGOTIATION_4): string | string[] | false {
  if (languages.length === 0) return libraries.negotiator(carrier).languages();
  return libraries.negotiator(carrier).languages(languages)[0] || false;
}

/** Flattens Express-style arguments: one array, or several strings. */
export function listArguments(args: ArrayLike<unknown>): string[] {
  if (args.length === 1 && Array.isArray(args[0])) return args[0] as string[];
  return Array.prototype.slice.call(args) as string[];
}
