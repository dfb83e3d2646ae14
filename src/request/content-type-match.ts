import type TypeIs from 'type-is';
import { lazyModule } from '../http/lazy-module';
import type { PorticoRequest } from './request';
import { listArguments } from '../http/negotiate';

// type-is brings mime-types and the mime-db table: required on the first `req.is`.
const loadTypeIs = lazyModule(() => require('type-is') as typeof TypeIs);

/**
 * `req.is(types)`: the request's media type when it matches one of `types` (extension names,
 * media types, wildcards like `text/*` or `+json`), `false` when not, `null` when the request has no body.
 */
export function isContentType(req: PorticoRequest, args: ArrayLike<unknown>): string | false | null {
  return loadTypeIs()(req, listArguments(args));
}
