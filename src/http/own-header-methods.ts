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

/** Called once by the response module with its prototype. */
export function recordOwnHeaderMethods(proto: HeaderMethods): void {
  own = { get: proto.get, set: proto.set, type: proto.type };
}

/** Are `res.get`, `res.set` and `res.type` still Portico's own (nothing wrapped or replaced)? */
export function usesOwnHeaderMethods(res: HeaderMethods): boolean {
  return res.get === own.get && res.set === own.set && res.type === own.type;
}
