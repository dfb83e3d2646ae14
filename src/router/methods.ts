import { METHODS } from 'node:http';

/**
 * The lower-case method names that get `app.METHOD`/`router.METHOD`: every method node:http knows
 * (which includes the spec's list: checkout, copy, delete, get, head, lock, merge, mkactivity, mkcol,
 * move, m-search, notify, options, patch, post, purge, put, report, search, subscribe, trace, unlock,
 * unsubscribe).
 */
export const ROUTE_METHODS: readonly string[] = Object.freeze(
  Array.from(
    new Set(
      [
        ...METHODS,
        'CHECKOUT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LOCK', 'MERGE', 'MKACTIVITY', 'MKCOL', 'MOVE', 'M-SEARCH',
        'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PURGE', 'PUT', 'REPORT', 'SEARCH', 'SUBSCRIBE', 'TRACE', 'UNLOCK',
        'UNSUBSCRIBE',
      ].map((m) => m.toLowerCase()),
    ),
  ).sort(),
);
