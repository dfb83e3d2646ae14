import type { IncomingMessage, ServerResponse } from 'node:http';
import parseRange from 'range-parser';
import type { RangeParser } from '../http/range-parser-signature';
import { isRangeFresh } from './conditional';
import { parseRangeAllOrNothing, readsRangesAsExpress3 } from '../http/express3-ranges';

/** Only the `bytes` unit is served (RFC 9110 §14.1); other units are ignored. */
const BYTES_UNIT = /^ *bytes=/;

/**
 * A single satisfiable range (inclusive, relative to the bytes on offer), `'full'`, or unsatisfiable
 * with the size the `Content-Range: bytes *\/size` of the 416 names.
 */
export type ByteRangeDecision = { start: number; end: number } | 'full' | { unsatisfiable: number };

/**
 * Decides how to answer a `Range` header for `size` bytes on offer out of a file of `fileSize`
 * (RFC 9110 §14.2), as Express 4 does: one range → 206; several ranges (after merging overlaps) or a
 * malformed header → the whole body; nothing satisfiable → 416. The ranges are read as leniently as
 * `req.range` reads them (`bytes=5` is `5-`). A stale `If-Range` turns the request into a plain GET.
 * A 3.x app's responses get the 3.x reading instead (`decideAsExpress3`). `parse` is the range-parser
 * of the file sender's Express version (send 0.19 reads with 1.2, send 1 with the newest 1.x).
 */
export function decideByteRange(
  req: IncomingMessage,
  res: ServerResponse,
  size: number,
  fileSize: number,
  parse: RangeParser = parseRange,
): ByteRangeDecision {
  const header = req.headers.range;
  if (!header) return 'full';
  if (readsRangesAsExpress3(res)) return decideAsExpress3(req, res, header, size, fileSize);
  if (!BYTES_UNIT.test(header)) return 'full';
  if (!isRangeFresh(req, res)) return 'full';
  const ranges = parse(size, header, { combine: true });
  if (ranges === -1) return { unsatisfiable: size };
  if (ranges === -2 || ranges.length !== 1) return 'full';
  return { start: ranges[0].start, end: ranges[0].end };
}

/**
 * Express 3's answer: any unit is read as bytes (`items=0-1` → 206), several ranges are never merged
 * (`bytes=0-1,1-2` → the whole file), one unusable member makes the header unsatisfiable, and the
 * 416 names the size of the whole file even when `start`/`end` options offer less of it.
 */
function decideAsExpress3(req: IncomingMessage, res: ServerResponse, header: string, size: number, fileSize: number): ByteRangeDecision {
  if (!isRangeFresh(req, res)) return 'full';
  const ranges = parseRangeAllOrNothing(size, header);
  if (ranges === -1) return { unsatisfiable: fileSize };
  if (ranges === -2 || ranges.length !== 1) return 'full';
  return { start: ranges[0].start, end: ranges[0].end };
}
