/**
 * The few places where Express 5's router (router 2) words or answers something differently from
 * Express 4's, gathered here: a router marked as Express 5 (portico/5) asks these, every other
 * router keeps Express 4's words. Registration-time checks, and one string per OPTIONS answer.
 */

/** Marks a router whose paths are read in Express 5's syntax and which follows these rules (portico/5's routers). */
export const EXPRESS5_PATHS = Symbol('portico.express5Paths');

/** `router.use()` without a function, and with something that is not one. */
export function useHandlerError5(missing: boolean): TypeError {
  return new TypeError(missing ? 'argument handler is required' : 'argument handler must be a function');
}

/** `route.get(…)`, `route.all(…)` with something that is not a function. */
export function routeHandlerError5(): TypeError {
  return new TypeError('argument handler must be a function');
}

/** `router.param(name, fn)` with a bad name or function, checked in router 2's order. */
export function checkParamArguments5(name: unknown, fn: unknown): void {
  if (!name) throw new TypeError('argument name is required');
  if (typeof name !== 'string') throw new TypeError('argument name must be a string');
  if (!fn) throw new TypeError('argument fn is required');
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
}

/** The `Allow` list of an automatic OPTIONS answer: `GET, HEAD` in Express 5, `GET,HEAD` in Express 4. */
export function allowList(methods: string[], express5: boolean): string {
  return methods.join(express5 ? ', ' : ',');
}
