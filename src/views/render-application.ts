import { createLookupError } from './lookup-error';
import type { EngineCallback, ViewConstructor, ViewHost, ViewLike } from './types';

export type RenderCallback = EngineCallback;

/**
 * Copies own and inherited enumerable properties, as Express's merge does, so a locals
 * object built on a prototype (or any truthy value: a string's indices, a function's
 * properties) contributes the same keys on both frameworks.
 */
function assignLocals(target: Record<string, unknown>, source: unknown): void {
  for (const key in source as object) target[key] = (source as Record<string, unknown>)[key];
}

/**
 * Runs the view's render and hands a synchronous throw to the callback. The callback is
 * called as often as the engine calls it, and once more with the error when the engine (or
 * the callback itself, run synchronously) throws: applications written for Express 4 see the
 * same calls. A throw from that last call propagates to the caller.
 */
function tryRender(view: ViewLike, options: Record<string, unknown>, callback: RenderCallback): void {
  try {
    view.render(options, callback);
  } catch (err) {
    // Non-Error throws are passed on unchanged, as Express passes them.
    callback(err as Error);
  }
}

/**
 * Renders view `name` for app.render: merges app.locals, `options._locals` (res.locals) and
 * `options`, finds the view (from `app.cache` when caching), and calls back with the HTML or
 * the error. Errors from constructing the `view` setting's class (no default engine, engine
 * module missing, a setting that is not a constructor) are thrown, as Express throws them;
 * lookup failures and engine errors go to the callback.
 */
export function renderApplication(
  app: ViewHost,
  name: string,
  options: Record<string, unknown>,
  done: RenderCallback,
): void {
  const renderOptions: Record<string, unknown> = {};
  assignLocals(renderOptions, app.locals);
  const resLocals = options._locals;
  if (resLocals) assignLocals(renderOptions, resLocals);
  assignLocals(renderOptions, options);

  // `cache: undefined/null` means "use the setting"; any other value decides by truthiness.
  if (renderOptions.cache == null) renderOptions.cache = app.enabled('view cache');
  const useCache = Boolean(renderOptions.cache);

  let view = useCache ? (app.cache[name] as ViewLike | undefined) : undefined;
  if (!view) {
    // Named `View` so a setting that is not a constructor fails with Express's own
    // "View is not a constructor" TypeError.
    const View = app.get('view') as ViewConstructor;
    view = new View(name, { defaultEngine: app.get('view engine'), root: app.get('views'), engines: app.engines });
    if (!view.path) {
      done(createLookupError(name, view));
      return;
    }
    // Cached once found, whatever the render's outcome: the lookup is what caching saves.
    if (useCache) app.cache[name] = view;
  }

  tryRender(view, renderOptions, done);
}
