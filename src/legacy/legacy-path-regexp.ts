import type { PathKey, PathPattern } from '../router/path-pattern';

/** A 3.x route's pattern: the RegExp 3.x apps read from `app.routes` and `router.match` uses. */
export interface LegacyPathRegexp {
  regexp: RegExp;
  keys: PathKey[];
}

// `[/][.]:name[(capture)][?][*]`, the parameter syntax of 3.x route strings.
const PARAMETER = /(\/)?(\.)?:(\w+)(?:(\(.*?\)))?(\?)?(\*)?/g;

/**
 * Builds the RegExp of a 3.x route, in the shape 3.x printed (`/^\/\/?$/i` for `/`,
 * `/^\/a\/(?:([^\/]+?))\/?$/i` for `/a/:id`), so apps and tests that inspect or compare
 * `route.regexp` see what they saw on 3.x. Dispatch does not use it: requests are matched by the
 * core's linear-time compiler, whose 0.1 semantics are the same for these patterns.
 * A RegExp is kept as given; an array becomes an alternation of its members.
 */
export function legacyPathRegexp(path: PathPattern, sensitive: boolean, strict: boolean): LegacyPathRegexp {
  const keys: PathKey[] = [];
  if (path instanceof RegExp) return { regexp: path, keys };
  const source = Array.isArray(path) ? '(' + path.map(String).join('|') + ')' : path;
  const body = (strict ? source : source + '/?')
    .replace(PARAMETER, (_m, slash: string | undefined, dot: string | undefined, name: string, capture: string | undefined, optional: string | undefined, star: string | undefined) => {
      keys.push({ name, optional: Boolean(optional) });
      const lead = slash ?? '';
      const group = capture ?? (dot ? '([^/.]+?)' : '([^/]+?)');
      return (optional ? '' : lead) + '(?:' + (optional ? lead : '') + (dot ?? '') + group + ')' + (optional ?? '') + (star ? '(/*)?' : '');
    })
    .replace(/([/.])/g, '\\$1')
    .replace(/\*/g, '(.*)');
  return { regexp: new RegExp('^' + body + '$', sensitive ? '' : 'i'), keys };
}
