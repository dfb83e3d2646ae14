import { isIP } from 'node:net';
import type { PorticoRequest } from './request';
import { appSetting } from '../settings/app-setting';

/**
 * `req.subdomains`: the host's labels, nearest the root first, without the last `subdomain offset`
 * (default 2) ones. An IP address is one label, never split on its dots.
 */
export function getSubdomains(req: PorticoRequest): string[] {
  // Through the getter, as Express: an app that redefines `hostname` on `app.request` changes this too.
  const hostname = req.hostname;
  if (!hostname) return [];
  const offset = appSetting(req, 'subdomain offset') as number;
  const labels = isIP(hostname) === 0 ? hostname.split('.').reverse() : [hostname];
  return labels.slice(offset);
}
