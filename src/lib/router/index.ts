// `express/lib/router` and `express/lib/router/index`: the Router factory, which is also every
// router's prototype, so a method replaced here (`process_params`, `handle`, `use`, `route`,
// `param`) is the one every router calls from then on.
import { createRouter } from '../../router/router';

export = createRouter;
