import querystring from 'node:querystring';
import { loadQs, loadQs5, qsLimitIsHighestIndex } from '../http/qs-module';
import { parseFlatForm } from './flat-form';
import { depthExceededError, parseFailedError, tooManyParametersError } from '../errors/body-errors';

/** Settings of the URL-encoded parsers, resolved when the parser is created. */
export interface UrlencodedSettings {
  parameterLimit: number;
  depth: number;
  /** Express 5 only: qs's `charsetSentinel` and `interpretNumericEntities`. */
  charsetSentinel?: boolean;
  interpretNumericEntities?: boolean;
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
  return parseWithQs(body, settings, settings.depth, 'utf-8');
}

/**
 * Express 5's forms: qs for both settings, `extended: false` being qs without nesting (depth 0:
 * `a[b]=1` keeps its key, repeated keys still gather, `__proto__` and empty keys are dropped, and
 * the object has Object.prototype, unlike querystring's). `charset` is `utf-8` or `iso-8859-1`.
 * Parsed with the qs body-parser 2 resolves (`qs5`, see docs/dependencies.md).
 */
export function parseForm5(body: string, settings: UrlencodedSettings, extended: boolean, charset: string): unknown {
  return parseWithQs(body, settings, extended ? settings.depth : 0, charset, loadQs5);
}

/** The parameter count check, the flat fast path where it gives qs's answer, then qs. */
function parseWithQs(body: string, settings: UrlencodedSettings, depth: number, charset: string, qs = loadQs): unknown {
  const count = countParameters(body, settings.parameterLimit);
  if (count === -1) throw tooManyParametersError(body);
  if (charset === 'utf-8' && settings.charsetSentinel !== true) {
    const flat = parseFlatForm(body);
    if (flat !== undefined) return flat;
  }
  try {
    return qs().parse(body, {
      allowPrototypes: true,
      // Express makes an array for an index below max(100, parameter count).
      arrayLimit: qsLimitIsHighestIndex() ? Math.max(100, count) - 1 : Math.max(100, count),
      depth,
      strictDepth: depth > 0,
      parameterLimit: Infinity,
      charset: charset === 'utf-8' ? 'utf-8' : 'iso-8859-1',
      charsetSentinel: settings.charsetSentinel === true,
      interpretNumericEntities: settings.interpretNumericEntities === true,
    });
  } catch (error) {
    if (error instanceof RangeError) throw depthExceededError(body);
    throw parseFailedError(error, body);
  }
}
