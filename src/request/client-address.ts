import proxyAddr from 'proxy-addr';
import type { PorticoRequest } from './request';
import type { TrustFunction } from '../settings/compile-trust';
import { appSettingBy } from '../settings/app-setting';
import { readTrustProxyFn } from '../settings/settings';

function trustOf(req: PorticoRequest): TrustFunction {
  const trust = appSettingBy(req, readTrustProxyFn);
  return typeof trust === 'function' ? (trust as TrustFunction) : trustNothing;
}

function trustNothing(): boolean {
  return false;
}

/** proxy-addr reads `req.connection`; a request whose socket is gone is answered without throwing. */
function hasAddress(req: PorticoRequest): boolean {
  return req.socket !== undefined && req.socket !== null;
}

/**
 * `req.ip`: the connection's remote address; behind trusted proxies, the nearest untrusted
 * address of `X-Forwarded-For` (entries are taken as sent, even when they are not addresses).
 */
export function getIp(req: PorticoRequest): string | undefined {
  if (!hasAddress(req)) return undefined;
  return proxyAddr(req, trustOf(req));
}

/** `req.ips`: the trusted `X-Forwarded-For` chain, client first, without the socket's own address; `[]` otherwise. */
export function getIps(req: PorticoRequest): string[] {
  if (!hasAddress(req)) return [];
  const addresses = proxyAddr.all(req, trustOf(req));
  addresses.reverse().pop();
  return addresses;
}
