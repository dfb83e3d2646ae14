import type { PorticoRequest } from './request';
import { warnDeprecated } from '../errors/deprecation';

function valueIn(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

/**
 * `req.param(name, defaultValue)` (deprecated): route parameter, else body field, else query field
 * (the first that is neither `null` nor `undefined`), else `defaultValue`.
 */
export function getParam(req: PorticoRequest, name: string, defaultValue: unknown, argc: number): unknown {
  warnDeprecated(
    'req.param(' + (argc === 1 ? 'name' : 'name, default') + '): Use req.params, req.body, or req.query instead',
  );
  const params = req.params;
  if (params && Object.prototype.hasOwnProperty.call(params, name) && params[name] != null) return params[name];
  const fromBody = valueIn(req.body, name);
  if (fromBody != null) return fromBody;
  const fromQuery = valueIn(req.query, name);
  if (fromQuery != null) return fromQuery;
  return defaultValue;
}
