import appendVary from 'vary';
import type { PorticoResponse } from './response';
import { warnDeprecated } from '../errors/deprecation';

/** `res.vary(field)`: adds the field(s) to `Vary` unless present (or `*` is); no field is a deprecated no-op. */
export function addVary(res: PorticoResponse, field: string | string[]): PorticoResponse {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    warnDeprecated('res.vary(): Provide a field name');
    return res;
  }
  appendVary(res, field);
  return res;
}
