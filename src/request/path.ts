import { pathnameOf } from '../http/url-parts';
import type { PorticoRequest } from './request';

/** `req.path`: the pathname of the current `req.url` (mount point stripped inside mounted middleware). */
export function getPath(req: PorticoRequest): string {
  return pathnameOf(req.url ?? '');
}
