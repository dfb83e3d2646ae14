import parseRange from 'range-parser';
import type { PorticoRequest } from './request';
import { headerString } from './header';
import type { RangeParser } from '../http/range-parser-signature';

/** The result of `req.range`: ranges with their unit, `-1` (unsatisfiable), `-2` (malformed) or `undefined` (no header). */
export type RangeResult = parseRange.Ranges | parseRange.Result | undefined;

export type { RangeParser };

/**
 * `req.range(size, { combine })`: the `Range` header (RFC 9110 §14.2) resolved against a resource of
 * `size` bytes; `combine` merges overlapping and adjacent ranges. `parse` is the range-parser of the
 * request's Express version (Express 4's by default).
 */
export function getRange(req: PorticoRequest, size: number, options?: parseRange.Options, parse: RangeParser = parseRange): RangeResult {
  const header = headerString(req, 'range');
  if (!header) return undefined;
  return parse(size, header, options);
}
