/** 3.x locals: a function object; calling it with an object merges the object's properties in. */
export interface LocalsFunction {
  (values: Record<string, unknown>): LocalsFunction;
  [name: string]: unknown;
}

/** Creates a merging locals function (its own `name`, `length`… are the function's, as in 3.x). */
export function createLocals(): LocalsFunction {
  const locals = function locals(values: Record<string, unknown>): LocalsFunction {
    if (values && typeof values === 'object') {
      for (const key of Object.keys(values)) {
        if (key === '__proto__' || key === 'prototype') continue;
        // `name`, `length` and the other read-only members of a function cannot hold variables (the
        // 3.x documentation says not to use them); they are skipped rather than thrown on.
        const own = Object.getOwnPropertyDescriptor(locals, key);
        if (own && !own.writable && !own.set) continue;
        (locals as unknown as Record<string, unknown>)[key] = values[key];
      }
    }
    return locals as unknown as LocalsFunction;
  };
  return locals as unknown as LocalsFunction;
}
