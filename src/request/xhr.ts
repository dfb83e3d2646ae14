import type { PorticoRequest } from './request';
import { headerString } from './header';

/** `req.xhr`: the request carries `X-Requested-With: XMLHttpRequest` (any case), as script libraries send. */
export function isXhr(req: PorticoRequest): boolean {
  const value = headerString(req, 'x-requested-with');
  return value !== undefined && value.toLowerCase() === 'xmlhttprequest';
}
