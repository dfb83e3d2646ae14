// `express/lib/router/route`: the Route constructor; the router calls `route.dispatch` through its
// prototype, so a `Route.prototype.dispatch` replaced by instrumentation runs for every request.
import { Route } from '../../router/route';

export = Route;
