import type ms from 'ms';
import { lazyModule } from '../http/lazy-module';

// Only a `maxAge` written as a string ('1d') needs the parser: not loaded by `require('portico')`.
const loadMs = lazyModule(() => require('ms') as typeof ms);

/** The longest `max-age` a file response advertises: one year, as RFC 9111 §5.2.2.1 suggests for "never expires". */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Resolves a `maxAge` option (milliseconds as a number, or an `ms` string such as `'1d'`)
 * to whole seconds for `Cache-Control: max-age`. Any other value counts as its numeric form, as in
 * Express (a Date, `[5000]`, `true`); unparseable, negative or NaN values give 0, and anything above
 * a year is capped to a year. An empty string throws `ms`'s error, as it does in Express.
 */
export function maxAgeSeconds(value: unknown): number {
  const millis = typeof value === 'string' ? (loadMs()(value as ms.StringValue) ?? 0) : Number(value);
  if (!(millis > 0)) return 0;
  return Math.floor(Math.min(millis, ONE_YEAR_MS) / 1000);
}
