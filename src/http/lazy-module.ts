/**
 * Returns a function that runs `load` (a `require`) on its first call and gives the same module on
 * every call after. `require('portico')` stays small this way: a module only an optional feature
 * needs (qs, iconv-lite, node:http2, the file sender…) is loaded when an app first uses that feature,
 * and a process that never does never pays for it (cold start is measured in bench/cold-start.mjs,
 * and test/startup/default-modules.test.ts lists what the default path may load).
 */
export function lazyModule<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return function loadOnce(): T {
    if (loaded === undefined) loaded = load();
    return loaded;
  };
}
