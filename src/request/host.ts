import type { PorticoRequest } from './request';
import type { TrustFunction } from '../settings/compile-trust';
import { appSettingBy } from '../settings/app-setting';
import { readTrustProxyFn } from '../settings/settings';
import { headerString } from './header';
import { warnDeprecated } from '../errors/deprecation';
import { hostnameOfHostValue } from '../http/host-value';

/** Is the peer that sent this request a trusted proxy (the hop at index 0)? */
export function trustsPeer(req: PorticoRequest): boolean {
  const trust = appSettingBy(req, readTrustProxyFn) as TrustFunction | undefined;
  return typeof trust === 'function' && trust(req.socket?.remoteAddress ?? '', 0) === true;
}

/**
 * The host (name and port) the client asked for: `Host`, or with a trusted proxy the first
 * `X-Forwarded-Host` value (several values or repeated headers, as Express 4.17+). Empty → `undefined`.
 */
export function forwardedOrHost(req: PorticoRequest): string | undefined {
  let host = headerString(req, 'x-forwarded-host');
  if (!host || !trustsPeer(req)) {
    host = headerString(req, 'host');
  } else {
    const comma = host.indexOf(',');
    if (comma !== -1) host = host.substring(0, comma).trimEnd();
  }
  return host || undefined;
}

/**
 * `req.hostname`: the host without its port. An IPv6 literal keeps its brackets (`[::1]:80` → `[::1]`).
 * A value with userinfo or a non-numeric port is not a host and gives `undefined` (see hostnameOfHostValue).
 */
export function getHostname(req: PorticoRequest): string | undefined {
  const host = forwardedOrHost(req);
  return host === undefined ? undefined : hostnameOfHostValue(host);
}

/** `req.host`: deprecated in Express 4 in favour of `req.hostname`, which it returns (through the getter). */
export function getDeprecatedHost(req: PorticoRequest): string | undefined {
  warnDeprecated('req.host: Use req.hostname instead');
  return req.hostname;
}
