import type { PorticoRequest } from './request';
import { negotiateType, negotiateCharset, negotiateEncoding, negotiateLanguage, listArguments } from '../http/negotiate';
import { warnDeprecated } from '../deprecation';

/** `req.accepts(types)`: best type for `Accept` (types, extension names, a list or an array), else `false`. */
export function accepts(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateType(req, listArguments(args));
}

/** `req.acceptsCharsets(...)`: first acceptable charset, else `false`; without arguments, all accepted. */
export function acceptsCharsets(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateCharset(req, listArguments(args));
}

/** `req.acceptsEncodings(...)`: first acceptable content coding, else `false`; without arguments, all accepted. */
export function acceptsEncodings(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateEncoding(req, listArguments(args));
}

/** `req.acceptsLanguages(...)`: first acceptable language, else `false`; without arguments, all accepted. */
export function acceptsLanguages(req: PorticoRequest, args: ArrayLike<unknown>): string | string[] | false {
  return negotiateLanguage(req, listArguments(args));
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
