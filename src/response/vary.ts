import type appendVaryModule from 'vary';
import type { PorticoResponse } from './response';
import { warnDeprecated } from '../errors/deprecation';
import { lazyModule } from '../http/lazy-module';

// Required by the first `res.vary`, not by `require('portico')`.
const loadVary = lazyModule(() => require('vary') as typeof appendVaryModule);

/** `res.vary(field)`: adds the field(s) to `Vary` unless present (or `*` is); no field is a deprecated no-op. */
export function addVary(res: PorticoResponse, field: string | string[]): PorticoResponse {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    warnDeprecated('res.vary(): Provide a field name');
    return res;
  }
  loadVary()(res, field);
  return res;
}
