import typeIs from 'type-is';
import type { PorticoRequest } from './request';
import { listArguments } from '../http/negotiate';

/**
 * `req.is(types)`: the request's media type when it matches one of `types` (extension names,
 * media types, wildcards like `text/*` or `+json`), `false` when not, `null` when the request has no body.
 */
export function isContentType(req: PorticoRequest, args: ArrayLike<unknown>): string | false | null {
  return typeIs(req, listArguments(args));
}
