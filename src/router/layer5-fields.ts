import { compilePathPattern5, paramsOf5, type PathPattern5 } from './patterns/express5';
import type { PatternOptions } from './patterns/compiled-pattern';
import { decodeParam } from './decode-param';

// Layer loads this module on its first Express 5 layer, and takes the 5.x pattern compiler from it.
export { compilePathPattern5, paramsOf5 };

/** What one of router 2's per-path matchers answers. */
export type Matcher5 = (path: string) => { params: Record<string, string | string[]>; path: string } | false;

/**
 * Router 2's own fields of a layer (`rawPath`, `slash`, `matchers`), defined on an Express 5
 * layer in router 2's order, right after `handle` and `name`, so that `JSON.stringify(req.route)`
 * and tools that read them see what they see on Express 5. The matchers compile their path when
 * first called: the layer itself matches with the pattern it compiled at registration, and nothing
 * in Portico calls them.
 */
export function defineRouter2Fields(layer: object, path: unknown, options: PatternOptions): void {
  const raw = Array.isArray(path) ? (path as unknown[]).flat(Infinity) : path;
  const define = (name: string, value: unknown): void => {
    Object.defineProperty(layer, name, { configurable: true, enumerable: true, writable: true, value });
  };
  define('rawPath', raw);
  define('slash', path === '/' && options.end === false);
  define('matchers', (Array.isArray(raw) ? raw : [raw]).map((p) => lazyMatcher(p as PathPattern5, options)));
}

function lazyMatcher(path: PathPattern5, options: PatternOptions): Matcher5 {
  let compiled: ReturnType<typeof compilePathPattern5> | undefined;
  return function matcher(input: string) {
    compiled ??= compilePathPattern5(path, options);
    const m = compiled.exec(input);
    if (m === null) return false;
    return { params: paramsOf5(compiled.keys, m, (v) => decodeParam(v) as string, typeof path === 'string'), path: m[0] as string };
  };
}

/** Hides 4.x fields an Express 5 layer does not show (they stay readable: the dispatch uses them). */
export function hideExpress4Fields(layer: object): void {
  for (const name of ['params', 'path', 'keys', 'regexp']) {
    Object.defineProperty(layer, name, { enumerable: false });
  }
}
