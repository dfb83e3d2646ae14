import { createLookupError } from './lookup-error';
import { View } from './view';
import type { EngineCallback, ViewConstructor, ViewHost, ViewLike } from './types';

export type RenderCallback = EngineCallback;

/**
 * Copies own and inherited enumerable properties, as Express's merge does, so a locals
 * object built on a prototype contributes the same keys on both frameworks.
 */
function assignLocals(target: Record<string, unknown>, source: object): void {
  for (const key in source) target[key] = (source as Record<string, unknown>)[key];
}

/**
 * Wraps the caller's callback so it runs at most once: an engine that calls back twice
 * must not make res.render send twice (Express would, and fail on the second send).
 */
function once(callback: RenderCallback): RenderCallback & { called: boolean } {
  const guarded = function renderDone(err: Error | null, html?: string): void {
    if (guarded.called) return;
    guarded.called = true;
    callback(err, html);
  } as RenderCallback & { called: boolean };
  guarded.called = false;
  return guarded;
}

/** The View class to use: the `view` setting when it holds a constructor, else the built-in one. */
function viewClass(app: ViewHost): ViewConstructor {
  const configured = app.get('view');
  return typeof configured === 'function' ? (configured as ViewConstructor) : View;
}

/**
 * Renders view `name` for app.render: merges app.locals, `options._locals` (res.locals) and
 * `options`, finds the view (from `app.cache` when caching), and calls back once with the HTML
 * or the error. Errors from the View constructor (no default engine, engine module missing)
 * are thrown, as Express throws them; lookup failures and engine errors go to the callback.
 */
export function renderApplication(
  app: ViewHost,
  name: string,
  options: Record<string, unknown>,
  callback: RenderCallback,
): void {
  const renderOptions: Record<string, unknown> = {};
  assignLocals(renderOptions, app.locals);
  const resLocals = options._locals;
  if (resLocals !== null && typeof resLocals === 'object') assignLocals(renderOptions, resLocals);
  assignLocals(renderOptions, options);

  // `cache: undefined/null` means "use the setting"; any other value decides by truthiness.
  if (renderOptions.cache == null) renderOptions.cache = app.enabled('view cache');
  const useCache = Boolean(renderOptions.cache);

  let view = useCache ? (app.cache[name] as ViewLike | undefined) : undefined;
  if (!view) {
    const ViewClass = viewClass(app);
    view = new ViewClass(name, { defaultEngine: app.get('view engine'), root: app.get('views'), engines: app.engines });
    if (!view.path) {
      callback(createLookupError(name, view));
      return;
    }
    // Cached once found, whatever the render's outcome: the lookup is what caching saves.
    if (useCache) app.cache[name] = view;
  }

  const done = once(callback);
  try {
    view.render(renderOptions, done);
  } catch (err) {
    // A throw after the callback has run came from the callback itself (e.g. a bug in the
    // caller's code): swallowing it would hide it, so let it propagate to the router.
    if (done.called) throw err;
    // Non-Error throws are passed on unchanged, as Express passes them.
    done(err as Error);
  }
}
