import { extname } from 'node:path';
import contentDisposition from 'content-disposition';
import type { PorticoResponse } from './response';
import { loadMime } from '../http/mime';

/**
 * `res.type(type)`: a value with `/` is used as is, anything else is an extension looked up with
 * mime@1.6 (`portico.static.mime`), unknown ones giving `application/octet-stream`. Set through `res.set`.
 */
export function setContentType(res: PorticoResponse, type: string): PorticoResponse {
  // `type.indexOf` on purpose: a non-string throws the same TypeError as in Express 4.
  const value = type.indexOf('/') === -1 ? loadMime().lookup(type) : type;
  return res.set('Content-Type', value);
}

/**
 * `res.attachment([filename])`: `Content-Disposition: attachment`, with the filename parameter
 * (RFC 6266, with an ISO-8859-1 fallback and `filename*` when needed) and the type of its extension.
 */
export function setAttachment(res: PorticoResponse, filename?: string): PorticoResponse {
  if (filename) res.type(extname(filename));
  res.set('Content-Disposition', contentDisposition(filename));
  return res;
}
