import { Layer as CoreLayer } from '../../router/layer';
import type { PathPattern, PathPatternOptions } from '../../router/path-pattern';

type AnyHandler = (...args: never[]) => unknown;

/**
 * `express/lib/router/layer`: Express exports a plain constructor that also works without `new`,
 * where Portico's layer is a class. This function builds a core layer and shares its prototype,
 * so `instanceof`, and any method or accessor installed on `Layer.prototype` (`handle_request`,
 * `handle_error`, `match`, a `handle` setter), apply to the layers every router creates.
 */
const Layer = function Layer(path: PathPattern, options: PathPatternOptions | undefined, fn: AnyHandler): CoreLayer {
  return new CoreLayer(path, options || {}, fn);
} as unknown as { new (path: PathPattern, options: PathPatternOptions | undefined, fn: AnyHandler): CoreLayer; prototype: CoreLayer };

Layer.prototype = CoreLayer.prototype;

export = Layer;
