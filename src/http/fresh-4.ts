import type fresh from 'fresh';
import { lazyModule } from './lazy-module';

// Only a conditional request (If-None-Match or If-Modified-Since) needs the comparison, so the
// package loads with the first one rather than with `require('portico')`.
const loadFresh = lazyModule(() => require('fresh') as typeof fresh);

/** Express 4's comparison of a request's validators with a response's (`fresh` 0.5). */
export function fresh4(requestHeaders: Parameters<typeof fresh>[0], responseHeaders: Parameters<typeof fresh>[1]): boolean {
  return loadFresh()(requestHeaders, responseHeaders);
}
