import { basename, dirname, extname, join, resolve } from 'node:path';
import { isFile } from './is-file';
import { loadEngine } from './load-engine';
import type { EngineCallback, EngineFunction, ViewOptions } from './types';

/**
 * A template file and the engine that renders it. This is the class behind the `view`
 * setting; an application may replace it with its own (nunjucks does), so the shape and
 * the `lookup`/`resolve`/`render` methods follow Express 4's View.
 */
export interface View {
  /** The `view engine` setting when the view was created. */
  defaultEngine: unknown;
  /** Extension with its dot: from the name, else from the default engine. */
  ext: string;
  /** The name as given to render. */
  name: string;
  /** The `views` setting: a directory or a list searched in order. */
  root: unknown;
  /** The engine for `ext`. */
  engine: EngineFunction;
  /** Absolute path of the template, or undefined when no directory has it. */
  path: string | undefined;
  /** Finds `name` in each root in turn: `name` itself, then `name/index.ext`. */
  lookup(name: string): string | undefined;
  /** The file `file` in `dir`, else the `index` file of the directory named after it. */
  resolve(dir: string, file: string): string | undefined;
  /** Runs the engine on the template; the engine is called with the view as `this`. */
  render(options: Record<string, unknown>, callback: EngineCallback): void;
}

/** The View constructor's type: usable with `new`, with `class … extends View`, and with `View.call(this, …)`. */
export interface ViewClass {
  new (name: string, options: ViewOptions): View;
  prototype: View;
}

/**
 * A plain function rather than a `class`: applications written for Express 4 subclass the
 * `view` setting the pre-ES2015 way (`View.call(this, name, options)` plus `util.inherits`),
 * which a class constructor refuses.
 */
const ViewFunction = function View(this: View, name: string, options?: ViewOptions): void {
  // A missing options object fails on its `engines`, where Express fails.
  const opts = options || ({} as ViewOptions);
  // Property order matches Express's View so code that inspects err.view sees the same keys.
  this.defaultEngine = opts.defaultEngine;
  this.ext = extname(name);
  this.name = name;
  this.root = opts.root;

  if (!this.ext && !this.defaultEngine) {
    throw new Error('No default engine was specified and no extension was provided.');
  }

  let fileName = name;
  if (!this.ext) {
    // The setting is used as given, not converted first: a value that is not a string
    // (an array, a number) yields the same extension, or the same error, as on Express.
    const engineName = this.defaultEngine as string;
    this.ext = engineName[0] !== '.' ? '.' + engineName : engineName;
    fileName += this.ext;
  }

  // `in`-style lookup through the prototype chain: a mounted sub-app's engines map
  // inherits its parent's registrations.
  if (!opts.engines[this.ext]) opts.engines[this.ext] = loadEngine(this.ext);
  this.engine = opts.engines[this.ext];
  this.path = this.lookup(fileName);
};

// Methods in Express's order, so the prototype lists the same names in the same order.
ViewFunction.prototype.lookup = function lookup(this: View, name: string): string | undefined {
  const roots: unknown[] = Array.isArray(this.root) ? this.root : [this.root];
  for (const root of roots) {
    // A non-string root is passed through so Node reports it exactly as it would for Express.
    const location = resolve(root as string, name);
    const found = this.resolve(dirname(location), basename(location));
    if (found) return found;
  }
  return undefined;
};

ViewFunction.prototype.render = function render(this: View, options: Record<string, unknown>, callback: EngineCallback): void {
  this.engine.call(this, this.path as string, options, callback);
};

ViewFunction.prototype.resolve = function resolveFile(this: View, dir: string, file: string): string | undefined {
  const direct = join(dir, file);
  if (isFile(direct)) return direct;
  const index = join(dir, basename(file, this.ext), `index${this.ext}`);
  if (isFile(index)) return index;
  return undefined;
};

/** The built-in View: `new View(name, { defaultEngine, root, engines })`. */
export const View = ViewFunction as unknown as ViewClass;
