import type { EngineFunction, ViewHost } from './types';

/**
 * app.engine: registers `fn` for files ending in `ext`, given with or without its dot.
 * Throws when `fn` is not a function (an Error, not a TypeError, as in Express 4).
 */
export function registerEngine(app: ViewHost, ext: string, fn: unknown): void {
  if (typeof fn !== 'function') {
    throw new Error('callback function required');
  }
  const extension = ext[0] === '.' ? ext : `.${ext}`;
  app.engines[extension] = fn as EngineFunction;
}
