/**
 * Marks a router built by `createRouter5`: the few dispatch steps where router 2 (Express 5)
 * differs from Express 4 read it, each on a path a 4.x request rarely takes (an OPTIONS answer,
 * a mount path followed by `.`, a URL given back its leading slash), so 4.x routers pay nothing.
 */
export const EXPRESS5_ROUTING = Symbol('portico.express5Routing');

/** A router that may carry the mark. */
export interface MaybeExpress5Router {
  [EXPRESS5_ROUTING]?: boolean;
}
