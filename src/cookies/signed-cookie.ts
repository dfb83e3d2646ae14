import { unsignCookieValue } from './signature';

/** The marker of a signed cookie: `res.cookie(name, value, { signed: true })` writes `s:` + signed value. */
const SIGNED_PREFIX = 's:';

/** A secret, or secrets tried in order (the first one signs, every one verifies). */
export type CookieSecret = string | Buffer | ReadonlyArray<string | Buffer>;

/** Normalises the secret argument once, so per-request work is a plain loop. */
export function toSecretList(secret: CookieSecret | null | undefined): Array<string | Buffer> {
  if (!secret) return [];
  return Array.isArray(secret) ? secret.slice() : [secret as string | Buffer];
}

/**
 * Unsigns an `s:`-prefixed cookie value with any of the secrets: the original value when one
 * signature matches, `false` when none does (tampered or signed with an unknown secret), the
 * value unchanged when it is not signed, and `undefined` when it is not a string.
 */
export function signedCookie(str: unknown, secret: CookieSecret): string | false | undefined {
  if (typeof str !== 'string') return undefined;
  if (!str.startsWith(SIGNED_PREFIX)) return str;
  return unsignWithAny(str.slice(SIGNED_PREFIX.length), toSecretList(secret));
}

/** Tries every secret; each comparison is timing-safe (see unsignCookieValue). */
export function unsignWithAny(signed: string, secrets: ReadonlyArray<string | Buffer>): string | false {
  for (let i = 0; i < secrets.length; i++) {
    const value = unsignCookieValue(signed, secrets[i]);
    if (value !== false) return value;
  }
  return false;
}

/**
 * Moves every signed cookie of `obj` into a new object, unsigned (`false` when its signature is
 * invalid), deleting it from `obj`; unsigned cookies stay where they are.
 */
export function signedCookies(obj: Record<string, unknown>, secret: CookieSecret): Record<string, string | false> {
  const secrets = toSecretList(secret);
  const out: Record<string, string | false> = {};
  for (const key of Object.keys(obj)) {
    // An own `__proto__` key (possible in a caller's JSON.parse output) must not become a prototype.
    if (key === '__proto__') continue;
    const raw = obj[key];
    if (typeof raw !== 'string' || !raw.startsWith(SIGNED_PREFIX)) continue;
    out[key] = unsignWithAny(raw.slice(SIGNED_PREFIX.length), secrets);
    delete obj[key];
  }
  return out;
}
