import ms from 'ms';

/** The longest `max-age` a file response advertises: one year, as RFC 9111 §5.2.2.1 suggests for "never expires". */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Resolves a `maxAge` option (milliseconds as a number, or an `ms` string such as `'1d'`)
 * to whole seconds for `Cache-Control: max-age`. Unparseable, negative or NaN values give 0,
 * and anything above a year is capped to a year.
 */
export function maxAgeSeconds(value: unknown): number {
  let millis: number;
  if (typeof value === 'string') millis = ms(value as ms.StringValue) ?? 0;
  else if (typeof value === 'number') millis = value;
  else millis = 0;
  if (!(millis > 0)) return 0;
  return Math.floor(Math.min(millis, ONE_YEAR_MS) / 1000);
}
