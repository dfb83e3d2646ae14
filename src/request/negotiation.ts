import type { PorticoRequest } from './request';
import { negotiateType, negotiateCharset, negotiateEncoding, negotiateLanguage } from '../http/negotiate';
import { warnDeprecated } from '../errors/deprecation';

const NO_CHOICES: string[] = [];

/**
 * The choices an `accepts*` call names, read as Express 4 reads them: an array first argument is
 * the whole list (later arguments ignored), otherwise every argument is one; a falsy first argument
 * (`req.acceptsLanguages(undefined)`, `req.accepts('')`) counts as none, so every accepted value is answered.
 */
export function choicesOf(args: ArrayLike<unknown>): string[] {
  const first = args[0];
  if (!first) return NO_CHOICES;
  if (Array.isArray(first)) return first as string[];
  return Array.prototype.slice.call(args) as string[];
}

/** `req.accepts(types)`: best type for `Accept` (types, extension names, a list or an array), else `false`. */
export function accepts(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateType(req, choicesOf(args));
}

/** `req.acceptsCharsets(...)`: first acceptable charset, else `false`; without arguments, all accepted. */
export function acceptsCharsets(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateCharset(req, choicesOf(args));
}

/** `req.acceptsEncodings(...)`: first acceptable content coding, else `false`; without arguments, all accepted. */
export function acceptsEncodings(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateEncoding(req, choicesOf(args));
}

/** `req.acceptsLanguages(...)`: first acceptable language, else `false`; without arguments, all accepted. */
export function acceptsLanguages(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateLanguage(req, choicesOf(args));
}

/** The 3.x singular names, still answering in 4.x with a deprecation warning. */
export function acceptsCharsetDeprecated(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  warnDeprecated('req.acceptsCharset: Use acceptsCharsets instead');
  return acceptsCharsets(req, args);
}

/** `req.acceptsEncoding`, deprecated alias of `req.acceptsEncodings`. */
export function acceptsEncodingDeprecated(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  warnDeprecated('req.acceptsEncoding: Use acceptsEncodings instead');
  return acceptsEncodings(req, args);
}

/** `req.acceptsLanguage`, deprecated alias of `req.acceptsLanguages`. */
export function acceptsLanguageDeprecated(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  warnDeprecated('req.acceptsLanguage: Use acceptsLanguages instead');
  return acceptsLanguages(req, args);
}
