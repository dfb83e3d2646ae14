import type statusesModule from 'statuses';
import { lazyModule } from '../http/lazy-module';
import type { PorticoResponse } from './response';
import { warnDeprecated } from '../errors/deprecation';

// Loaded by the first reason phrase a response needs (`res.sendStatus`, `res.redirect`, `res.send(status)`).
const loadStatuses = lazyModule(() => require('statuses') as typeof statusesModule);

/**
 * `res.status(code)`: sets `statusCode` as given (node validates it when the head is written);
 * a string or fractional code in the valid range is deprecated, as in Express 4.
 */
export function setStatus(res: PorticoResponse, code: number): PorticoResponse {
  if ((typeof code === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
    warnDeprecated('res.status(' + JSON.stringify(code) + '): use res.status(' + Math.floor(code) + ') instead');
  }
  res.statusCode = code;
  return res;
}

/** The standard reason phrase for a code (statuses@2, as Express 4), or `undefined`. */
export function statusMessage(code: number): string | undefined {
  return (loadStatuses().message as Record<number, string | undefined>)[code];
}

/** `res.sendStatus(code)`: the status with its reason phrase as a `text/plain` body (the number for unknown codes). */
export function sendStatus(res: PorticoResponse, code: number): PorticoResponse {
  const body = statusMessage(code) || String(code);
  res.statusCode = code;
  res.type('txt');
  return res.send(body);
}
