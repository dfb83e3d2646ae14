/** What an engine hands back: an error, or the rendered HTML. */
export type EngineCallback = (err: Error | null, html?: string) => void;

/** A template engine as Express 4 defines it: `(path, options, callback)`, called with the view as `this`. */
export type EngineFunction = (path: string, options: Record<string, unknown>, callback: EngineCallback) => void;

/**
 * Template variables. Applications extend it by declaration merging
 * (`declare module 'portico' { interface Locals { user?: User } }`), which is why it is an interface.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface is needed for declaration merging
export interface Locals extends Record<string, unknown> {}

/** The part of an application the views module needs; the app satisfies it structurally. */
export interface ViewHost {
  locals: Record<string, unknown>;
  engines: Record<string, EngineFunction>;
  cache: Record<string, unknown>;
  get(name: string): unknown;
  enabled(name: string): boolean;
}

/** The second argument of a View constructor, as Express 4 passes it to the `view` setting's class. */
export interface ViewOptions {
  defaultEngine?: unknown;
  root?: unknown;
  engines: Record<string, EngineFunction>;
}

/** An object built by the `view` setting's class: it found its file when `path` is truthy. */
export interface ViewLike {
  path?: unknown;
  root?: unknown;
  render(options: Record<string, unknown>, callback: EngineCallback): void;
}

/** A class usable as the `view` setting (the built-in View, or a replacement such as nunjucks installs). */
export type ViewConstructor = new (name: string, options: ViewOptions) => ViewLike;
