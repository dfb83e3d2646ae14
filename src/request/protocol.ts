import type { TLSSocket } from 'node:tls';
import type { PorticoRequest } from './request';
import { headerString } from './header';
import { trustsPeer } from './host';

/**
 * `req.protocol`: `https` on a TLS connection, else `http`; behind a trusted proxy, the first
 * `X-Forwarded-Proto` value, trimmed but otherwise as sent (an empty first value gives `''`, as Express 4).
 */
export function getProtocol(req: PorticoRequest): string {
  const own = (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http';
  if (!trustsPeer(req)) return own;
  const header = headerString(req, 'x-forwarded-proto') || own;
  const comma = header.indexOf(',');
  return (comma !== -1 ? header.substring(0, comma) : header).trim();
}

/** `req.secure`: `req.protocol === 'https'`, read through the getter so that an app's own `protocol` counts, as in Express. */
export function isSecure(req: PorticoRequest): boolean {
  return req.protocol === 'https';
}
