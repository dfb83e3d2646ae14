import { Route, type RouteHandler } from './route';
import { Layer } from './layer';
import { flattenHandlers } from './flatten';

/**
 * A route of an Express 5 router (router 2): dispatches as a 4.x route does; differs in what it
 * throws for a missing or non-function handler, in its `methods` record (no prototype), and in
 * `_methods(includeAll)`, which lists `*` for `all()` on request.
 */
export class Route5 extends Route {
  constructor(path: unknown) {
    super(path as Route['path']);
    // A plain object whose prototype is then removed: V8 keeps it in fast mode, where `Object.create(null)`
    // makes a dictionary, and `handlesMethod` reads this record on every request that reaches the route.
    (this as { methods: Record<string, boolean> }).methods = Object.setPrototypeOf({}, null) as Record<string, boolean>;
  }

  /** An Express 5 layer, so the route's stack shows router 2's fields. */
  protected override createLayer(handle: RouteHandler): Layer {
    return new Layer('/', { syntax: 5 }, handle);
  }

  override addHandlers(method: string | undefined, label: string, handlers: unknown[]): this {
    const callbacks = flattenHandlers<unknown>(handlers);
    if (callbacks.length === 0) throw new TypeError('argument handler is required');
    // One at a time, as router 2 does: the handlers before a bad one stay registered.
    for (const fn of callbacks) {
      if (typeof fn !== 'function') throw new TypeError('argument handler must be a function');
      super.addHandlers(method, label, [fn]);
    }
    return this;
  }

  /** The upper-case methods for an automatic OPTIONS answer (`all()` is not one of them). */
  override allowedMethods(): string[] {
    return this.listMethods(false);
  }

  /** Router 2's `_methods`: the methods in first registration order, `*` for `all()` when asked. */
  listMethods(includeAll: boolean): string[] {
    const out: string[] = [];
    for (const name of Object.keys(this.methods)) {
      if (name !== '_all') out.push(name.toUpperCase());
      else if (includeAll) out.push('*');
    }
    if (this.methods.get && !this.methods.head) out.push('HEAD');
    return out;
  }
}

Object.defineProperty(Route5.prototype, '_methods', {
  configurable: true,
  writable: true,
  value: function _methods(this: Route5, includeAll?: boolean): string[] {
    return this.listMethods(includeAll === true);
  },
});
Object.defineProperty(Route5.prototype, '_handlesMethod', {
  configurable: true,
  writable: true,
  value: Route.prototype.handlesMethod,
});
