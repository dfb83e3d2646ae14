import type * as Qs from 'qs';
import { loadQs5 } from '../http/qs-module';
import { compileQueryParser, type QueryParser } from '../settings/compile-query-parser';

// Express 5 passes qs nothing but `allowPrototypes`: qs's own limits apply (`arrayLimit` 20, so
// `a[21]=x` is an object), where Express 4 raises the array limit to 1000.
const EXTENDED_OPTIONS: Qs.IParseOptions = Object.freeze({ allowPrototypes: true });

function parseExtendedQueryString(str: string): Record<string, unknown> {
  // No query string, nothing to load: most requests have none.
  if (!str) return {};
  return loadQs5().parse(str, EXTENDED_OPTIONS);
}

/**
 * Compiles `query parser` as Express 5 does: `extended` → its qs with qs's default limits, `false`
 * → no function at all (`req.query` is then an object without a prototype); `simple`, `true`, a
 * function, and the TypeError for anything else as in Express 4.
 */
export function compileQueryParser5(value: unknown): QueryParser | undefined {
  if (value === false) return undefined;
  if (value === 'extended') return parseExtendedQueryString;
  return compileQueryParser(value);
}
