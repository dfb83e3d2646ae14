import type parseRange from 'range-parser';
import { lazyModule } from '../http/lazy-module';

// range-parser as Express 5 resolves it (`^1.2.1`, installed under an alias beside Express 4's `~1.2.1`):
// 1.3 reads multi-range headers more strictly. Required on the first `Range` header a 5.x API reads.
const loadRangeParser5 = lazyModule(() => require('range-parser5') as typeof parseRange);

/** Express 5's range-parser: what `req.range` of a 5.x request and send 1 (static, `sendFile`) read `Range` with. */
export function parseRange5(size: number, header: string, options?: parseRange.Options): parseRange.Ranges | parseRange.Result {
  return loadRangeParser5()(size, header, options);
}
