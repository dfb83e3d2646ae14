import parseRange from 'range-parser';

/**
 * Set (to `true`) on the response prototype of a 3.x app: its file transfers (`static`,
 * `res.sendfile`, `res.download`) read `Range` as Express 3 did (see `parseRangeAllOrNothing`), with
 * no `bytes` unit check and no merging. The mark is on the app's responses so that the file sender
 * is shared and costs nothing more when there is no `Range` header.
 */
export const EXPRESS3_RANGES: unique symbol = Symbol('portico.express3Ranges');

/** Does `res` belong to a 3.x app (see {@link EXPRESS3_RANGES})? */
export function readsRangesAsExpress3(res: object): boolean {
  return (res as { [EXPRESS3_RANGES]?: boolean })[EXPRESS3_RANGES] === true;
}

/**
 * A `Range` header resolved against `size` as Express 3 resolved it: the ranges `range-parser` reads,
 * except that one unusable member (`bytes=0-1,x`, `bytes=0-1,20-30` for 11 bytes) makes the whole
 * header unsatisfiable (-1), where Express 4 drops that member and keeps the others. No `combine`:
 * 3.x had none.
 */
export function parseRangeAllOrNothing(size: number, header: string): parseRange.Ranges | parseRange.Result {
  const ranges = parseRange(size, header);
  if (typeof ranges === 'number') return ranges;
  // range-parser drops the members it cannot use, so a shorter result means one was unusable.
  const members = header.slice(header.indexOf('=') + 1).split(',').length;
  return ranges.length === members ? ranges : -1;
}
