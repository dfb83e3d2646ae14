import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ListenOptions } from 'node:net';
import type { Application, Locals, Request, Response, Router } from '../index';
import type { GlobalApplication } from './express-globals';
import type { Flavor, NextFunction, ParamCustomizer, RequestParamHandler } from './handlers';
import type { RenderCallback, RenderLocals } from './response';
import type { IRouter, IRouterMatcher } from './router';
import type { DefaultLocals, SettingValue } from './type-options';
import type { FetchHandler } from './fetch';

/**
 * `callback(err, html)` an engine calls when it finished rendering. `err` is `unknown` (an engine passes
 * whatever its renderer threw) so that an engine annotating its callback the way `@types/express`
 * declares it, `(e: any, rendered?: string) => void`, or with `unknown`, is accepted.
 */
export type EngineCallback = (err: unknown, html?: string) => void;

/**
 * A template engine as `app.engine(ext, fn)` registers it: `fn(path, options, callback)`, where
 * `options` holds the merged locals (and `settings`, `cache`).
 */
export type TemplateEngine = (path: string, options: Record<string, unknown>, callback: EngineCallback) => void;

/** Called by `app.listen` once the server listens. */
export type ListenCallback = (error?: Error) => void;

/**
 * What every application shares, the Express 5 one included: a request listener for node's HTTP servers,
 * a router (`use`, `get`, `post`, …), settings and views. Each flavour extends it directly rather than
 * through `Omit`, so the methods returning `this` keep the flavour's own application type along a chain
 * (`app.set(…).use(…).listen(…)`).
 */
export interface ApplicationShared<F extends Flavor> extends IRouter<F>, EventEmitter, GlobalApplication {
  /** Handles a request; usable as `http.createServer(app)`. */
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;

  /** `app.get(setting)`: the value of a setting; `app.get(path, ...handlers)`: routes GET. */
  get: ((setting: string) => SettingValue) & IRouterMatcher<this, F>;
  /** Assigns a setting. */
  set(setting: string, value: unknown): this;
  /** Reads a setting. */
  set(setting: string): SettingValue;
  /** Sets a Boolean setting to true. */
  enable(setting: string): this;
  /** Sets a Boolean setting to false. */
  disable(setting: string): this;
  /** Is the setting truthy? */
  enabled(setting: string): boolean;
  /** Is the setting falsy? */
  disabled(setting: string): boolean;

  /** Registers a template engine for files with extension `ext`. */
  engine(ext: string, fn: TemplateEngine): this;
  /** Renders a view and hands the HTML to `callback`; nothing is sent. */
  render<L extends object>(view: string, locals: RenderLocals<L>, callback: RenderCallback): void;
  render(view: string, callback: RenderCallback): void;

  /** The canonical path of the app: mount paths of its parents joined; `''` for the root app. */
  path(): string;

  /** Settings by name (see `set`). */
  settings: Record<string, SettingValue>;
  /** Registered template engines by extension (with the dot). */
  engines: Record<string, TemplateEngine>;
  /** Views compiled so far, when `view cache` is on. */
  cache: Record<string, unknown>;
  /**
   * The pattern(s) the app was mounted on; `'/'` for the root app. Typed `string | string[]` as
   * `@types/express` types it (code stores it in such variables); an app mounted on a regular expression
   * holds that RegExp at run time.
   */
  mountpath: string | string[];
  /** Runs a request through the app; `callback` (else the final handler) runs when nothing answered. */
  handle(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
  /**
   * The app as a fetch handler, `(request, options?) => Promise<Response>`, needing no server
   * (docs/fetch.md). Bound to the app: `export default { fetch: app.fetch }` works as it is.
   */
  fetch: FetchHandler;
}

/**
 * What the 4.x application (`portico()`) and the 3.x one (`portico/legacy`) share: {@link ApplicationShared}
 * plus what Express 5 removed or changed (`del`, `param(fn)`, `_router`, `lazyRouter`, `listen`).
 */
export interface ApplicationCommon<F extends Flavor> extends ApplicationShared<F> {
  /** @deprecated Use `delete`. */
  del: IRouterMatcher<this, F>;

  /** Registers a param callback for route parameter `name` (or for each name of a list, in order). */
  param(name: string | readonly string[], handler: RequestParamHandler<F>): this;
  /** @deprecated Customises `param()` itself. */
  param(customizer: ParamCustomizer<F>): this;
  /** @deprecated With a customiser registered by `param(fn)`: hands it `option` (a RegExp, say) for `name`. */
  param(name: string | readonly string[], option: object): this;

  /** Creates an HTTP server for the app and listens (the arguments of `server.listen`). */
  listen(port?: number | string, hostname?: string, backlog?: number, callback?: ListenCallback): Server;
  listen(port?: number | string, hostname?: string, callback?: ListenCallback): Server;
  listen(port?: number | string, callback?: ListenCallback): Server;
  listen(callback?: ListenCallback): Server;
  listen(options: ListenOptions, callback?: ListenCallback): Server;

  /**
   * The app's router, created on first use (`use`, `route`, a method function or `lazyRouter()`); before
   * that it is `undefined`. Typed as present, as `@types/express` has it, for the route-listing code that
   * walks `app._router.stack`.
   */
  _router: Router;
  /** The app's router, created now if needed. */
  lazyRouter(): Router;
}

/**
 * The members of a Portico application (`portico()`). The public, mergeable `Application` interface
 * (exported by `portico`) extends this.
 */
export interface ApplicationMembers extends ApplicationCommon<'v4'> {
  /** `app.on('mount', parent => …)`: the app was mounted on `parent`. */
  on: (event: string, callback: (parent: Application) => void) => this;
  /** The app this one is mounted on. */
  parent: Application | undefined;
  /** Variables available to every view the app renders. */
  locals: DefaultLocals & Locals;
  /** The prototype of this app's requests. */
  request: Request;
  /** The prototype of this app's responses. */
  response: Response;
}
