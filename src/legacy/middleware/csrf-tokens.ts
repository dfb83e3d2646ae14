import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Buffer } from 'node:buffer';

/** Bytes of randomness in a per-session secret (144 bits). */
const SECRET_BYTES = 18;
/** Bytes of randomness in each token's salt, so every page gets a different token (BREACH). */
const SALT_BYTES = 6;

/** A new per-session CSRF secret, URL-safe. */
export function createCsrfSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * A token for `secret`: `salt-hash`, where the hash binds the salt to the secret. The salt is
 * hex, so the first `-` always ends it (base64url, used for the hash, contains `-`).
 */
export function createCsrfToken(secret: string): string {
  const salt = randomBytes(SALT_BYTES).toString('hex');
  return salt + '-' + hashToken(salt, secret);
}

/** Whether `token` was made from `secret`; the hash comparison is timing-safe. */
export function verifyCsrfToken(token: unknown, secret: string): boolean {
  if (typeof token !== 'string') return false;
  const dash = token.indexOf('-');
  if (dash <= 0 || dash === token.length - 1) return false;
  const expected = Buffer.from(hashToken(token.slice(0, dash), secret));
  const given = Buffer.from(token.slice(dash + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function hashToken(salt: string, secret: string): string {
  return createHash('sha256').update(salt + '-' + secret).digest('base64url');
}
