/**
 * Portico's own `res.get`, `res.set` and `res.type`, recorded when the response class loads.
 *
 * Express's `res.send`, `res.json` and the freshness check read and write their headers through
 * those three methods, so an app that redefines one (on `app.response`, or on a response in a
 * middleware) sees every call. Portico's fast path reads and writes node's header store directly;
 * it may only do so while the three are its own, which this checks in a few comparisons.
 */
interface HeaderMethods {
  get: unknown;
  set: unknown;
  type: unknown;
}

let own: HeaderMethods = { get: undefined, set: undefined, type: undefined };
let other: HeaderMethods = { get: undefined, set: undefined, type: undefined };

/**
 * Called once by each response module with its prototype: Express 4's, then Express 5's (portico/5),
 * whose `set` and `type` store, for every value the fast paths write, what its 4.x ones store.
 */
export function recordOwnHeaderMethods(proto: HeaderMethods): void {
  const methods = { get: proto.get, set: proto.set, type: proto.type };
  if (own.get === undefined) own = methods;
  else other = methods;
}

/** Are `res.get`, `res.set` and `res.type` still Portico's own (nothing wrapped or replaced)? */
export function usesOwnHeaderMethods(res: HeaderMethods): boolean {
  const get = res.get;
  const set = res.set;
  const type = res.type;
  return (get === own.get && set === own.set && type === own.type) || (get === other.get && set === other.set && type === other.type);
}
