import type * as Qs from 'qs';
import { lazyModule } from './lazy-module';

/**
 * qs, required when a query string or form body is first parsed the extended way: qs brings about
 * twenty modules (side-channel, get-intrinsic and their helpers) that an app which never parses an
 * extended query should not load.
 */
export const loadQs = lazyModule(() => require('qs') as typeof Qs);

/**
 * qs releases before 6.15 read `arrayLimit` as the highest index allowed; later ones as the number of
 * elements. One probe, on first use, tells which reading the installed qs has, so the limits callers
 * set mean the same thing either way.
 */
export const qsLimitIsHighestIndex = lazyModule(() => Array.isArray(loadQs().parse('a[1]=x', { arrayLimit: 1 }).a));

/**
 * qs as Express 5 resolves it (`^6.16.0`, installed under the alias `qs5` beside Express 4's `~6.16.0`),
 * required when a 5.x app first parses a query string the extended way.
 */
export const loadQs5 = lazyModule(() => require('qs5') as typeof Qs);
