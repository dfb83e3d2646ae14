import type * as Qs from 'qs';
import { loadQs } from './http/qs-module';
import type { IncomingMessage } from 'node:http';
import type { NextFunction } from './router/types';

/**
 * What `portico.query()` takes: options for qs's `parse` (`depth`, `arrayLimit`, …), or a parser function
 * of the raw query string. (Typed without qs's own types, which the published declarations cannot rely on.)
 */
export type QueryMiddlewareOptions = Record<string, unknown> | ((str: string) => Record<string, unknown>);

/**
 * `portico.query(options)`: Express 4's query middleware. Each app sets `req.query` with its
 * `query parser` setting as a request enters it already, so this only fills `req.query` where something cleared it.
 */
export function query(options?: QueryMiddlewareOptions) {
  const parse =
    typeof options === 'function'
      ? options
      : (str: string): Record<string, unknown> => loadQs().parse(str, { allowPrototypes: true, ...(options as Qs.IParseOptions) });
  return function query(req: IncomingMessage & { query?: unknown }, _res: unknown, next: NextFunction): void {
    if (!req.query) {
      const url = req.url ?? '';
      const mark = url.indexOf('?');
      req.query = parse(mark === -1 ? '' : url.slice(mark + 1));
    }
    next();
  };
}
