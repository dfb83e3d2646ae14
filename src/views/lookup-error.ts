import type { ViewLike } from './types';

/** An Error whose `view` property is the view that could not be found (as Express 4 attaches it). */
export interface ViewLookupError extends Error {
  view: ViewLike;
}

/**
 * Builds the "Failed to lookup view" error. The directories come from the view's own `root`,
 * so a replacement View class reports whatever it searched.
 */
export function createLookupError(name: string, view: ViewLike): ViewLookupError {
  const root = view.root;
  let where: string;
  if (Array.isArray(root) && root.length > 1) {
    const quoted = root.map((dir) => `"${String(dir)}"`);
    const last = quoted.pop();
    where = `directories ${quoted.join(', ')} or ${last}`;
  } else {
    where = `directory "${String(root)}"`;
  }
  const err = new Error(`Failed to lookup view "${name}" in views ${where}`) as ViewLookupError;
  err.view = view;
  return err;
}
