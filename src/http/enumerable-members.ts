/**
 * Express 4 builds `express.request` and `express.response` by assigning methods and defining
 * enumerable getters on plain objects, so their members show in `Object.keys(express.request)`
 * and in `for…in` over a request (code that copies them onto another object relies on it).
 * Class members are not enumerable; this redefines the named ones as enumerable, in the order
 * given (Express's), once when the module loads. Members not named keep their place and attributes.
 */
export function enumerateMembers(proto: object, names: readonly string[]): void {
  for (const name of names) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor === undefined) throw new Error('enumerateMembers: no member ' + name);
    // Deleted and defined again, so that the keys come out in the given order.
    delete (proto as Record<string, unknown>)[name];
    Object.defineProperty(proto, name, { ...descriptor, enumerable: true });
  }
}
