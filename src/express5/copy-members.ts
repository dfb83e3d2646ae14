/**
 * Builds an Express 5 prototype from the Express 4 one it shares its members with: every member of
 * `from` is defined on `to` with its own attributes (an enumerable getter stays one), except the ones
 * Express 5 removed, so that `'param' in req` is false there, as on express@5. The members are the
 * same functions: one implementation of each, whichever API an app has.
 */
export function copyMembers(from: object, to: object, removed: readonly string[]): void {
  for (const key of Reflect.ownKeys(from)) {
    if (key === 'constructor' || (typeof key === 'string' && removed.includes(key))) continue;
    Object.defineProperty(to, key, Object.getOwnPropertyDescriptor(from, key) as PropertyDescriptor);
  }
}

/** Redefines `names` on `proto` in the given order (the order `Object.keys` shows), keeping their attributes. */
export function orderMembers(proto: object, names: readonly string[]): void {
  for (const name of names) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor === undefined) throw new Error('orderMembers: no member ' + name);
    delete (proto as Record<string, unknown>)[name];
    Object.defineProperty(proto, name, descriptor);
  }
}
