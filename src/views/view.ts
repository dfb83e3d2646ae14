import { basename, dirname, extname, join, resolve } from 'node:path';
import { isFile } from './is-file';
import { loadEngine } from './load-engine';
import type { EngineCallback, EngineFunction, ViewOptions } from './types';

/**
 * A template file and the engine that renders it. This is the class behind the `view`
 * setting; an application may replace it with its own (nunjucks does), so the shape and
 * the `lookup`/`resolve`/`render` methods follow Express 4's View.
 */
export class View {
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

  constructor(name: string, options: ViewOptions) {
    // Property order matches Express's View so code that inspects err.view sees the same keys.
    this.defaultEngine = options.defaultEngine;
    this.ext = extname(name);
    this.name = name;
    this.root = options.root;

    if (!this.ext && !this.defaultEngine) {
      throw new Error('No default engine was specified and no extension was provided.');
    }

    let fileName = name;
    if (!this.ext) {
      const engineName = String(this.defaultEngine);
      this.ext = engineName[0] === '.' ? engineName : `.${engineName}`;
      fileName += this.ext;
    }

    // `in`-style lookup through the prototype chain: a mounted sub-app's engines map
    // inherits its parent's registrations.
    let engine = options.engines[this.ext];
    if (!engine) {
      engine = loadEngine(this.ext);
      options.engines[this.ext] = engine;
    }
    this.engine = engine;
    this.path = this.lookup(fileName);
  }

  /** Finds `name` in each root in turn: `name` itself, then `name/index.ext`. */
  lookup(name: string): string | undefined {
    const roots: unknown[] = Array.isArray(this.root) ? this.root : [this.root];
    for (const root of roots) {
      // A non-string root is passed through so Node reports it exactly as it would for Express.
      const location = resolve(root as string, name);
      const found = this.resolve(dirname(location), basename(location));
      if (found) return found;
    }
    return undefined;
  }

  /** The file `file` in `dir`, else the `index` file of the directory named after it. */
  resolve(dir: string, file: string): string | undefined {
    const direct = join(dir, file);
    if (isFile(direct)) return direct;
    const index = join(dir, basename(file, this.ext), `index${this.ext}`);
    if (isFile(index)) return index;
    return undefined;
  }

  /** Runs the engine on the template; the engine is called with the view as `this`. */
  render(options: Record<string, unknown>, callback: EngineCallback): void {
    this.engine.call(this, this.path as string, options, callback);
  }
}
