import type { IncomingMessage, ServerResponse } from 'node:http';
import parseRange from 'range-parser';
import { isRangeFresh } from './conditional';

/** Only the `bytes` unit is served (RFC 9110 §14.1); other units are ignored. */
const BYTES_UNIT = /^ *bytes=/;

/** A single satisfiable range (inclusive, relative to the bytes on offer), `'full'` or `'unsatisfiable'`. */
export type ByteRangeDecision = { start: number; end: number } | 'full' | 'unsatisfiable';

/**
 * Decides how to answer a `Range` header for `size` bytes (RFC 9110 §14.2): one range → 206;
 * several ranges (after merging overlaps) or a malformed header → the whole body;
 * nothing satisfiable → 416. A stale `If-Range` turns the request into a plain GET.
 */
export function decideByteRange(req: IncomingMessage, res: ServerResponse, size: number): ByteRangeDecision {
  const header = req.headers.range;
  if (!header || !BYTES_UNIT.test(header)) return 'full';
  if (!isRangeFresh(req, res)) return 'full';
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.length !== 1) return 'full';
  return { start: ranges[0].start, end: ranges[0].end };
}
