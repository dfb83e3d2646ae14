import type { PorticoRequest } from '../request/request';
import type { PorticoResponse } from './response';
import type { NextFunction } from '../router/types';
import { createHttpError } from '../errors/http-error';
import { loadMime } from '../http/mime';

/** A `res.format` handler: called with the request, the response and the request's `next`. */
export type FormatHandler = (req: PorticoRequest, res: PorticoResponse, next: NextFunction) => unknown;

/** The media type a `res.format` key stands for: parameters dropped, extension names looked up (unknown → octet-stream). */
function mediaTypeOfKey(key: string): string {
  if (key.indexOf('/') === -1) return loadMime().lookup(key);
  return key.split(';')[0].trim();
}

/**
 * `res.format({ type: handler, default })`: runs the handler whose key best matches `Accept`
 * (`req.accepts` over the keys), after setting its Content-Type; always adds `Vary: Accept`.
 * Without a match: `default`, or a 406 HttpError (with `types`) passed to `next`.
 * (The parameter is `obj` so that a `default` that is not a function fails with Express's message.)
 */
export function formatResponse(res: PorticoResponse, obj: Record<string, FormatHandler>): PorticoResponse {
  const req = res.req;
  const next = req.next;
  const keys = Object.keys(obj).filter((key) => key !== 'default');
  const key = keys.length > 0 ? req.accepts(keys) : false;

  res.vary('Accept');

  if (typeof key === 'string') {
    res.set('Content-Type', mediaTypeOfKey(key));
    obj[key](req, res, next);
  } else if (obj.default) {
    obj.default(req, res, next);
  } else {
    next(createHttpError(406, undefined, { types: keys.map(mediaTypeOfKey) }));
  }
  return res;
}
