import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ListenOptions } from 'node:net';
import type { Locals } from '../index';
import type { ApplicationShared, ListenCallback } from './application';
import type { ResponseShared } from './response';
import type { RequestCommon } from './request';
import type { ParamsDictionary, ParsedQs } from './params';
import type { IRouter } from './router';
import type { DefaultBody, DefaultLocals } from './type-options';
import type { NextFunction, RequestParamHandler } from './handlers';
import type { RequestMembers } from './request';
import type { ResponseMembers } from './response';
import type { ApplicationMembers } from './application';
import type * as core from 'express-serve-static-core';
import type { Stats } from 'node:fs';
import type { ServeStaticOptions } from '../static/static-options';

/*
 * What augmentations of `express-serve-static-core` add (`declare module 'express-serve-static-core' {
 * interface Request { tenant?: string } }`, as code written for @types/express@5 does): that module's
 * interfaces are Portico's 4.x members plus the augmentations, so leaving out the 4.x members' names
 * leaves only what was added, which the Express 5 interfaces then take in.
 */
type AugmentedRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj extends object> = Omit<core.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, keyof RequestMembers>;
type AugmentedResponse<ResBody, LocalsObj extends object> = Omit<core.Response<ResBody, LocalsObj>, keyof ResponseMembers>;
type AugmentedApplication = Omit<core.Application, keyof ApplicationMembers>;

/** The members of the 4.x request that Express 5 removed. */
type RemovedFromRequest = 'param' | 'acceptsCharset' | 'acceptsEncoding' | 'acceptsLanguage' | 'query' | 'host' | 'app' | 'res';

/**
 * The request of an Express 5 app (`portico/5`): the 4.x request without `param()` and the
 * singular `accepts*`, with `req.query` read-only (a getter) and `req.host` keeping the port.
 */
export interface Express5Request<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = DefaultBody,
  ReqQuery = ParsedQs,
  LocalsObj extends object = DefaultLocals,
> extends Omit<RequestCommon<P, ReqBody, ReqQuery>, RemovedFromRequest>,
    AugmentedRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
  /** The application handling the request. */
  app: Express5Application;
  /** The response of this request. */
  res: Express5Response<ResBody, LocalsObj>;
  /** The query string, parsed on each read with the app's `query parser` (`simple` by default). */
  readonly query: ReqQuery;
  /**
   * The host the client asked for, port included (`req.hostname` has it without). Typed `string` as
   * `hostname` is (and as @types/express@5 has it); it is `undefined` for a request without `Host`.
   */
  readonly host: string;

  /** Every type `Accept` allows, best first. */
  accepts(): string[];
  /** The best of `types` (MIME types or extension names) for `Accept`, or `false`. */
  accepts(type: string): string | false;
  accepts(types: readonly string[]): string | false;
  accepts(...types: string[]): string | false;
  /** The matching type when `Content-Type` matches one of `types` (wildcards allowed), `false` otherwise, `null` without a body. */
  is(type: string | readonly string[], ...types: string[]): string | false | null;
}

/**
 * The response of an Express 5 app: no status in the arguments of `send`, `json`, `jsonp` (a number is
 * a body), `redirect(status, url)` only, no `'back'`, `links` with arrays of URLs, no `sendfile`.
 */
export interface Express5Response<ResBody = unknown, LocalsObj extends object = DefaultLocals> extends ResponseShared<Express5Request>,
    AugmentedResponse<ResBody, LocalsObj> {
  /** The application handling the request. */
  app: Express5Application;
  /** The request of this response. */
  req: Express5Request;
  /** Template variables of this request-response cycle. */
  locals: LocalsObj & Locals;
  /** Sends a string (HTML by default), bytes (a Buffer or any Uint8Array), or JSON for other values. */
  send(body?: ResBody): this;
  /** Sends the body as JSON. */
  json(body?: ResBody): this;
  /** Sends JSON, or JSONP when the callback parameter is in the query. */
  jsonp(body?: ResBody): this;
  /** Sets `Location`, percent-encoded; `'back'` is an ordinary URL. */
  location(url: string): this;
  /** Redirects with 302. */
  redirect(url: string): void;
  /** Redirects with `status`. */
  redirect(status: number, url: string): void;
  /** Adds `Link` entries: one per URL, a relation may have several. */
  links(links: Readonly<Record<string, string | readonly string[]>>): this;
}

/** An Express 5 application (`require('portico/5')()`). */
export interface Express5Application extends ApplicationShared<'v5'>, AugmentedApplication {
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
  /** `app.on('mount', parent => …)`: the app was mounted on `parent`. */
  on: (event: string, callback: (parent: Express5Application) => void) => this;
  /** The app this one is mounted on. */
  parent: Express5Application | undefined;
  /** Variables available to every view the app renders. */
  locals: DefaultLocals & Locals;
  /** The prototype of this app's requests. */
  request: Express5Request;
  /** The prototype of this app's responses. */
  response: Express5Response;
  /** The app's router, created on first read. */
  readonly router: Express5Router;
  /** Registers a param callback for route parameter `name` (or each name of a list). */
  param(name: string | readonly string[], handler: RequestParamHandler<'v5'>): this;
  /** Creates an HTTP server for the app and listens; an error while listening is passed to `callback`. */
  listen(port?: number | string, hostname?: string, backlog?: number, callback?: ListenCallback): Server;
  listen(port?: number | string, hostname?: string, callback?: ListenCallback): Server;
  listen(port?: number | string, callback?: ListenCallback): Server;
  listen(callback?: ListenCallback): Server;
  listen(options: ListenOptions, callback?: ListenCallback): Server;
}

/** A router of `portico/5` (`Router()`, `app.router`): Express 5's router, itself middleware. */
export interface Express5Router extends IRouter<'v5'> {
  /** Registers a param callback for route parameter `name`. */
  param(name: string, handler: RequestParamHandler<'v5'>): this;
}

/**
 * `setHeaders(res, path, stat)` of `portico5.static`: called for each file served, before its headers are
 * sent, with the Express 5 response, the file's absolute path and its `fs.Stats`; synchronous. Written
 * through a method so that a callback annotating `res` as node's `ServerResponse` is accepted too.
 */
export type Static5SetHeaders = { bivarianceHack(res: Express5Response, path: string, stat: Stats): void }['bivarianceHack'];

/** Options of `portico5.static(root, options)`: those of serve-static 2 (no `hidden`). */
export interface Static5Options extends Omit<ServeStaticOptions, 'setHeaders' | 'hidden'> {
  /** Sets custom headers on each file response. */
  setHeaders?: Static5SetHeaders;
}
