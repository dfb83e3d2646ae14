/** Flattens arbitrarily nested arrays of handlers (`app.use([a, [b, c]], d)`). */
export function flattenHandlers<T>(args: readonly unknown[]): T[] {
  const out: T[] = [];
  const visit = (items: readonly unknown[]): void => {
    for (const item of items) {
      if (Array.isArray(item)) visit(item);
      else out.push(item as T);
    }
  };
  visit(args);
  return out;
}

/** `Object.prototype.toString` of a value, for Express's "but got a [object …]" messages. */
export function describeType(value: unknown): string {
  return Object.prototype.toString.call(value);
}

/** The type word of `Router.use()`'s message: `typeof` for primitives, the class tag for objects (`Object`, `Null`). */
export function describeUseType(value: unknown): string {
  if (typeof value !== 'object' || value === null) return value === null ? 'Null' : typeof value;
  return Object.prototype.toString.call(value).slice(8, -1);
}

/**
 * The arguments of `use([path], ...handlers)`: the first argument is a path unless it is a function
 * or a (nested) array whose first element is a function. Handlers come back flattened.
 */
export function splitUseArguments(args: readonly unknown[]): { path: unknown; handlers: unknown[] } {
  let first: unknown = args[0];
  if (typeof first !== 'function') {
    while (Array.isArray(first) && first.length !== 0) first = first[0];
    if (typeof first !== 'function') return { path: args[0], handlers: flattenHandlers<unknown>(args.slice(1)) };
  }
  return { path: '/', handlers: flattenHandlers<unknown>(args) };
}
