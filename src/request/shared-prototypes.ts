/**
 * The prototypes Portico builds for requests and responses (`express.request`, an app's
 * `app.request`, the legacy ones, and the same for responses). They are shared by every request
 * of the process, and debuggers, `util.inspect`, deep-equal and assertion libraries read their
 * accessors with the prototype itself as `this`. An accessor asks `isSharedPrototype(this)` before
 * it caches, warns or reads headers, and answers `undefined` there, as Express's do for a request
 * whose middleware has not run: a value stored on the prototype would be inherited by every later
 * request (issue 28: one read of `express.request.query` emptied `req.query` process-wide).
 */
const sharedPrototypes = new WeakSet<object>();

/** Records a prototype that requests or responses inherit from; returns it. */
export function registerSharedPrototype<T extends object>(proto: T): T {
  sharedPrototypes.add(proto);
  return proto;
}

/** Is `object` one of the shared prototypes, rather than a request or response? */
export function isSharedPrototype(object: object): boolean {
  return sharedPrototypes.has(object);
}
