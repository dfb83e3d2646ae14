/**
 * The host name in a `Host` (or `X-Forwarded-Host`) value, without its port; `undefined` when the
 * value carries userinfo.
 *
 * RFC 9110 §7.2 defines the value as `uri-host [ ":" port ]`: it never carries userinfo. A value such
 * as `evil.com:x@good.com`, `evil.com:@good.com` or the percent-encoded `evil.com:x%40good.com` is
 * invalid, and it must not yield `evil.com`, the part a URL parser reads as a user name while the rest
 * names another host. Portico reads such a value (an `@`, or `%40` in any case, anywhere in it) as no
 * host at all; Express 4 returns the part before the first colon (see docs/security.md). Every other
 * value reads as in Express 4, malformed ones included: an IPv6 literal keeps its brackets
 * (`[::1]:80` → `[::1]`), and whatever precedes the port separator is the name.
 */
export function hostnameOfHostValue(host: string): string | undefined {
  if (carriesUserinfo(host)) return undefined;
  const offset = host.charCodeAt(0) === 0x5b /* [ */ ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  return colon === -1 ? host : host.substring(0, colon);
}

/** An `@`, literal or percent-encoded, is the userinfo delimiter of an authority. */
function carriesUserinfo(host: string): boolean {
  // The regular expression only runs for the rare value with a '%' in it.
  return host.indexOf('@') !== -1 || (host.indexOf('%') !== -1 && /%40/i.test(host));
}
