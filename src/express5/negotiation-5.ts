import type NegotiatorClass from 'negotiator';
import { lazyModule } from '../http/lazy-module';
import {
  negotiateCharset,
  negotiateEncoding,
  negotiateLanguage,
  negotiateType,
  type HeaderCarrier,
  type NegotiationLibraries,
} from '../http/negotiate';
import { choicesOf } from '../request/negotiation';
import { lookupType5 } from './mime-types-5';

// negotiator 1 (installed under an alias beside 0.6), required on the first negotiation of a 5.x request.
const loadNegotiator1 = lazyModule(() => require('negotiator1') as typeof NegotiatorClass);

/**
 * Express 5's `accepts` 2: negotiator 1, which reads an empty or bare `q` (`en;q=`, `*\/*;q`) as 1
 * where 0.6 drops the entry, and mime-types 3's extension table.
 */
export const NEGOTIATION_5: NegotiationLibraries = Object.freeze({
  negotiator: (carrier: HeaderCarrier): NegotiatorClass => new (loadNegotiator1())(carrier),
  extensionType: lookupType5,
});

type Negotiated = string | string[] | false;

/** `req.accepts` of a 5.x request. */
export function accepts5(this: HeaderCarrier, ...args: unknown[]): Negotiated {
  return negotiateType(this, choicesOf(args), NEGOTIATION_5);
}

/** `req.acceptsCharsets` of a 5.x request. */
export function acceptsCharsets5(this: HeaderCarrier, ...args: unknown[]): Negotiated {
  return negotiateCharset(this, choicesOf(args), NEGOTIATION_5);
}

/** `req.acceptsEncodings` of a 5.x request. */
export function acceptsEncodings5(this: HeaderCarrier, ...args: unknown[]): Negotiated {
  return negotiateEncoding(this, choicesOf(args), NEGOTIATION_5);
}

/** `req.acceptsLanguages` of a 5.x request. */
export function acceptsLanguages5(this: HeaderCarrier, ...args: unknown[]): Negotiated {
  return negotiateLanguage(this, choicesOf(args), NEGOTIATION_5);
}
