import type { EngineFunction } from './types';

/**
 * Loads the engine for `ext` (".ejs") by requiring the module named after it ("ejs") and
 * taking its `__express` export. The module is resolved from this file, as Express does from
 * its own: when portico is installed in an application's node_modules, Node's lookup walks up
 * from there and finds the engines the application installed beside it.
 */
export function loadEngine(ext: string): EngineFunction {
  const moduleName = ext.slice(1);
  // Read without a guard: a module exporting null or undefined fails with the same TypeError as on Express.
  const engine = (require(moduleName) as { __express?: unknown }).__express;
  if (typeof engine !== 'function') {
    throw new Error(`Module "${moduleName}" does not provide a view engine.`);
  }
  return engine as EngineFunction;
}
