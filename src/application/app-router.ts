import type { Router } from '../router/router';

/**
 * How an app reaches the router it registers on. Express 4 goes through `app.lazyrouter()` and
 * `app._router` (frameworks replace the first and read the second); Express 5 has neither and
 * reaches its router through the `app.router` getter. Each application prototype defines this
 * method its own way, so `use`, `route`, `param`, the method functions and mounting share one body.
 * Registration only: nothing per request calls it.
 *
 * `viaLazyrouter` is false where Express 4 reads `app._router` without calling `lazyrouter()` first
 * (mounting a sub-app).
 */
export const REGISTRATION_ROUTER = Symbol('portico.registrationRouter');

/** An app as seen by the code that registers on it. */
export interface RegistersOnRouter {
  [REGISTRATION_ROUTER](viaLazyrouter: boolean): Router;
}
