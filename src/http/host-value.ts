/**
 * The host name in a `Host` (or `X-Forwarded-Host`) value, without its port; `undefined` when the
 * value cannot be a host.
 *
 * RFC 9110 §7.2 defines the value as `uri-host [ ":" port ]`, with `port = *DIGIT`: it never carries
 * userinfo. A value such as `evil.com:x@good.com` (or `evil.com:@good.com`, or the percent-encoded
 * `evil.com:x%40good.com`) is therefore invalid, and it must not yield `evil.com`, the part a URL
 * parser would read as a user name. Portico treats such a value as no host at all: an `@` anywhere,
 * or a port part that is not all digits, gives `undefined`. This is stricter than Express 4, which
 * returns the part before the first colon (see docs/security.md). Every other value reads as in
 * Express 4: an IPv6 literal keeps its brackets (`[::1]:80` → `[::1]`).
 */
export function hostnameOfHostValue(host: string): string | undefined {
  if (host.indexOf('@') !== -1) return undefined;
  const offset = host.charCodeAt(0) === 0x5b /* [ */ ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  if (colon === -1) return host;
  for (let i = colon + 1; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c < 0x30 /* 0 */ || c > 0x39 /* 9 */) return undefined;
  }
  return host.substring(0, colon);
}
