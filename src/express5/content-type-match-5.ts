import type TypeIs from 'type-is';
import { lazyModule } from '../http/lazy-module';
import { listArguments } from '../http/negotiate';

// type-is 2 (installed under an alias beside 1.x) with mime-types 3, required on the first `req.is` of a 5.x request.
const loadTypeIs2 = lazyModule(() => require('type-is2') as typeof TypeIs);

/** `req.is(types)` of a 5.x request: type-is 2, whose extension table is mime-types 3 (`js` is `text/javascript`). */
export function isContentType5(req: Parameters<typeof TypeIs>[0], args: ArrayLike<unknown>): string | false | null {
  return loadTypeIs2()(req, listArguments(args));
}
