import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostnameOfHostValue } from '../../http/host-value';

type Next = (err?: unknown) => void;
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** What `vhost()` adds to a request it hands on. */
export interface VhostRequest extends IncomingMessage {
  vhost?: { host: string; hostname: string; length: number };
}

/**
 * The 3.x `vhost(hostname, server)`: requests whose `Host` (without port) matches `hostname` go to
 * `server` (an app or any `(req, res, next)`); `*` matches one or more characters of a label run.
 */
export function vhost(hostname: string, server: Handler | { emit?: unknown }): Middleware {
  if (!hostname) throw new Error('vhost hostname required');
  if (!server) throw new Error('vhost server required');
  const pattern = new RegExp('^' + hostname.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '(.*?)') + '$', 'i');
  const handle = (typeof server === 'function' ? server : (server as { listeners(e: string): Handler[] }).listeners('request')[0]) as Handler;
  return function vhost(req, res, next) {
    const host = req.headers.host;
    if (!host) return next();
    // A Host with userinfo or a non-numeric port names no host, so it matches no virtual host.
    const name = hostnameOfHostValue(host);
    if (name === undefined || !pattern.test(name)) return next();
    (req as VhostRequest).vhost = { host, hostname: name, length: 0 };
    handle(req, res, next);
  };
}
