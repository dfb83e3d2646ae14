import type * as Crypto from 'node:crypto';
import { Buffer } from 'node:buffer';
import { lazyModule } from '../http/lazy-module';

// node:crypto (not in node's start-up snapshot) is required when a first cookie is signed or checked.
const loadCrypto = lazyModule(() => require('node:crypto') as typeof Crypto);

/**
 * Signs a cookie value the way existing Express apps do (`value.` + HMAC-SHA256 in base64
 * without padding), so signed cookies written before a move to Portico stay valid.
 */
export function signCookieValue(value: string, secret: string | Buffer): string {
  if (typeof value !== 'string') throw new TypeError('Cookie value must be provided as a string.');
  if (secret == null) throw new TypeError('Secret key must be provided.');
  return value + '.' + loadCrypto().createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
}

/** Returns the original value when the signature is valid for `secret`, else `false` (timing-safe). */
export function unsignCookieValue(signed: string, secret: string | Buffer): string | false {
  if (typeof signed !== 'string') throw new TypeError('Signed cookie string must be provided.');
  if (secret == null) throw new TypeError('Secret key must be provided.');
  const dot = signed.lastIndexOf('.');
  if (dot < 0) return false;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(signCookieValue(value, secret));
  const given = Buffer.from(signed);
  return expected.length === given.length && loadCrypto().timingSafeEqual(expected, given) ? value : false;
}
