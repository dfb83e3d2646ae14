/** The marker of a JSON cookie: `res.cookie(name, object)` writes `j:` + JSON.stringify(object). */
const JSON_PREFIX = 'j:';

/**
 * Parses a `j:`-prefixed cookie value as JSON; `undefined` when the value is not a JSON cookie
 * or its JSON is invalid (the caller then keeps the original string), as cookie-parser does.
 */
export function JSONCookie(str: unknown): unknown {
  if (typeof str !== 'string' || !str.startsWith(JSON_PREFIX)) return undefined;
  try {
    return JSON.parse(str.slice(JSON_PREFIX.length));
  } catch {
    return undefined;
  }
}

/**
 * Replaces, in place, each JSON cookie of `obj` by its parsed value and returns `obj`.
 * A value that parses to something falsy (`j:0`, `j:false`, `j:null`, `j:""`) keeps its raw
 * string, exactly as cookie-parser behaves, so apps relying on that see the same values.
 */
export function JSONCookies<T extends Record<string, unknown>>(obj: T): T {
  const target = obj as Record<string, unknown>;
  for (const key of Object.keys(target)) {
    const parsed = JSONCookie(target[key]);
    if (parsed) target[key] = parsed;
  }
  return obj;
}
