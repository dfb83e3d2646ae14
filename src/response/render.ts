import type { PorticoResponse } from './response';
import type { EngineCallback } from '../views/types';

/** The slice of the app res.render needs; app.render may be replaced by the application. */
interface RenderingApp {
  render(name: string, options: Record<string, unknown>, callback: EngineCallback): unknown;
}

/**
 * res.render(view, [locals], [callback]): renders through app.render with res.locals as
 * `_locals`. Without a callback the HTML is sent (text/html unless a type was set) and an
 * error goes to next(err); with one, nothing is sent.
 */
export function render(
  this: PorticoResponse,
  view: string,
  options?: Record<string, unknown> | EngineCallback | null,
  callback?: EngineCallback,
): void {
  let locals: Record<string, unknown>;
  let done = callback;
  if (typeof options === 'function') {
    done = options;
    locals = {};
  } else {
    // Any falsy value ('' , 0, false, null) stands for "no locals", as in Express.
    locals = options || {};
  }
  // Set on the caller's object, as Express does; app.render merges it under the call's locals.
  locals._locals = this.locals;

  let rendering = true;
  if (!done) {
    done = (err: Error | null, html?: string): void => {
      if (err) {
        this.req.next(err);
        return;
      }
      try {
        this.send(html);
      } catch (sendError) {
        // During a synchronous render the throw reaches app.render, which calls back again
        // with it (so it ends in next(err)), as in Express. Later, nothing would catch it and
        // the process would die (an engine calling back twice, asynchronously): route it to
        // the error handlers instead.
        if (rendering) throw sendError;
        this.req.next(sendError as Error);
      }
    };
  }

  try {
    (this.req.app as unknown as RenderingApp).render(view, locals, done);
  } finally {
    rendering = false;
  }
}
