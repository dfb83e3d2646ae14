import querystring from 'node:querystring';
import { loadQs, qsLimitIsHighestIndex } from '../http/qs-module';
import { parseFlatForm } from './flat-form';
import { depthExceededError, parseFailedError, tooManyParametersError } from '../errors/body-errors';

/** Settings of the URL-encoded parsers, resolved when the parser is created. */
export interface UrlencodedSettings {
  parameterLimit: number;
  depth: number;
}

/**
 * Counts the parameters (`&`-separated pieces) of `body`, stopping as soon as there are more than
 * `limit`; returns -1 then. An empty body has no parameters; otherwise there are separators + 1.
 */
export function countParameters(body: string, limit: number): number {
  let count = 1;
  let at = body.indexOf('&');
  while (at !== -1) {
    count++;
    if (count > limit) return -1;
    at = body.indexOf('&', at + 1);
  }
  return count > limit ? -1 : count;
}

/** `extended: false`: node's querystring, after the parameter count check. */
export function parseSimple(body: string, settings: UrlencodedSettings): unknown {
  if (countParameters(body, settings.parameterLimit) === -1) throw tooManyParametersError(body);
  // The count is checked above, so querystring's own key cap (1000 by default) is lifted.
  return querystring.parse(body, '&', '=', { maxKeys: 0 });
}

/**
 * `extended: true`: qs, hardened against the 2024 body-parser denial of service (CVE-2024-45590):
 * nesting deeper than `depth` is an error instead of a silently flattened key, and an index makes an
 * array only below max(100, parameter count), so `a[999999999]=x` is an object with one key, never
 * a sparse array. `__proto__` keys are dropped by qs; other keys are own data properties only.
 */
export function parseExtended(body: string, settings: UrlencodedSettings): unknown {
  const count = countParameters(body, settings.parameterLimit);
  if (count === -1) throw tooManyParametersError(body);
  const flat = parseFlatForm(body);
  if (flat !== undefined) return flat;
  try {
    return loadQs().parse(body, {
      allowPrototypes: true,
      // Express 4.22 makes an array for an index below max(100, parameter count).
      arrayLimit: qsLimitIsHighestIndex() ? Math.max(100, count) - 1 : Math.max(100, count),
      depth: settings.depth,
      strictDepth: true,
      parameterLimit: Infinity,
    });
  } catch (error) {
    if (error instanceof RangeError) throw depthExceededError(body);
    throw parseFailedError(error, body);
  }
}
