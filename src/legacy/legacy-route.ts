import type { PathKey, PathPattern } from '../router/path-pattern';
import { legacyPathRegexp } from './legacy-path-regexp';

/** Options of `new Route(method, path, callbacks, options)`: the path's case and trailing-slash matching. */
export interface LegacyRouteOptions {
  sensitive?: boolean;
  strict?: boolean;
}

/**
 * A 3.x route (`express.Route`): what `router.map[verb]`, `app.routes[verb]`, `router.match()` and
 * `matchRequest()` hold and return. 3.x apps test `instanceof express.Route` and read
 * `constructor.name`, so it is a class named `Route`; its own properties are the 3.x ones, in
 * their order, `params` only once a path has matched.
 */
export class Route {
  path: PathPattern;
  method: string;
  callbacks: unknown[];
  keys: PathKey[];
  regexp: RegExp;
  /** The parameters of the route's latest match (3.x kept them on the route). */
  declare params?: Record<string, string>;

  constructor(method: string, path: PathPattern, callbacks: unknown[], options?: LegacyRouteOptions) {
    const { regexp, keys } = legacyPathRegexp(path, options?.sensitive === true, options?.strict === true);
    this.path = path;
    this.method = method;
    this.callbacks = callbacks;
    this.keys = keys;
    this.regexp = regexp;
  }

  /**
   * Does `path` (a pathname) match? `params` holds its parameters; as in 3.x, a route that was
   * tried and did not match is left with empty params.
   */
  match(path: string): boolean {
    const params = matchParams(this, path);
    this.params = params ?? ([] as unknown as Record<string, string>);
    return params !== undefined;
  }
}

/** The 3.x params of `path` against `route` (an array with the named ones as properties), or `undefined`. */
export function matchParams(route: Route, path: string): Record<string, string> | undefined {
  const captures = route.regexp.exec(path);
  if (captures === null) return undefined;
  const params: string[] & Record<string, string> = [] as unknown as string[] & Record<string, string>;
  for (let j = 1; j < captures.length; j++) {
    const raw = captures[j];
    const value = typeof raw === 'string' ? safeDecode(raw) : raw;
    const key = route.keys[j - 1];
    if (key !== undefined) params[String(key.name)] = value as string;
    else params.push(value as string);
  }
  return params;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
