import { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from './application';
import { PorticoRequest } from '../request/request';
import { PorticoResponse } from '../response/response';
import { poweredByName, readXPoweredBy } from '../settings/settings';
import { setTrustedHeader, X_POWERED_BY } from '../http/trusted-header';
import type * as Http2Objects from '../transport/http2-objects';
import type { Http2RequestClass, Http2ResponseClass } from '../transport/http2-objects';
import { lazyModule } from '../http/lazy-module';
import { recordHttp2BodyMethods } from '../http/http2-body-methods';
import type { Http2ServerRequest } from 'node:http2';
import { parseQueryOnEntry } from '../request/query';

// The HTTP/2 adaptation (and node:http2 with it, not in node's start-up snapshot) is required for
// the first request that is not node:http's: an app that never sees HTTP/2 never loads it.
// Loaded also by `http2ClassesFor` (portico/http2), whose request classes are IncomingMessages too:
// once loaded, every prototype is asked.
const loadHttp2Objects = lazyModule(() => {
  http2ObjectsLoaded = true;
  const objects = require('../transport/http2-objects') as typeof Http2Objects;
  recordHttp2BodyMethods(objects.http2BodyMethods.end, objects.http2BodyMethods.write);
  return objects;
});

let http2ObjectsLoaded = false;

/**
 * Whether `proto` is an HTTP/2 compatibility object's prototype (node's, or a twin Portico made).
 * Before the adaptation is loaded there is no twin, so a prototype that inherits from node:http's
 * `IncomingMessage` is HTTP/1 without asking; anything else loads the adaptation and asks it.
 */
function isHttp2Prototype(proto: object): boolean {
  if (!http2ObjectsLoaded && proto instanceof IncomingMessage) return false;
  return loadHttp2Objects().isHttp2Prototype(proto);
}

/** Where an app keeps its customised request/response prototypes, once `app.request`/`app.response` is read. */
export const REQUEST_PROTO = Symbol('portico.requestPrototype');
export const RESPONSE_PROTO = Symbol('portico.responsePrototype');

/**
 * What every app does as a request enters it: give foreign objects Portico's prototype (once),
 * link `req`/`res` to each other and to the app, and send `X-Powered-By` when enabled: `Express`, as
 * Express sends for any truthy `x-powered-by` (test suites compare whole responses), or the name
 * set with `app.set('x-powered-by value', 'Portico')`.
 */
export function prepareRequest(app: Application, req: PorticoRequest, res: PorticoResponse): void {
  // Before the app's prototypes, as Express does: a `setHeader` the app wrapped on `app.response`
  // does not see this call. Usually the response's first header: stored directly when allowed.
  if (readXPoweredBy(app.settings)) setTrustedHeader(res, X_POWERED_BY, poweredByName(app.settings));
  adoptPrototypes(app, req, res);
  parseQueryOnEntry(app as unknown as Parameters<typeof parseQueryOnEntry>[0], req);
  req.app = app;
  res.app = app;
  req.res = res;
  (res as { req: PorticoRequest }).req = req;
  if (res.locals === undefined) res.locals = Object.create(null);
}

/**
 * The request prototype in force for `app`: its own once `app.request` was read, else its
 * parent's (a mounted app sees what the app above it added), else Portico's.
 */
export function requestPrototypeOf(app: Application | undefined): object {
  for (let a = app; a !== undefined; a = a.parent) if (a[REQUEST_PROTO] !== undefined) return a[REQUEST_PROTO];
  return apiRequestPrototype(app);
}

/** The response prototype in force for `app` (see `requestPrototypeOf`). */
export function responsePrototypeOf(app: Application | undefined): object {
  for (let a = app; a !== undefined; a = a.parent) if (a[RESPONSE_PROTO] !== undefined) return a[RESPONSE_PROTO];
  return apiResponsePrototype(app);
}

/**
 * The request and response prototypes of an application API (`express.request` of Express 4, of
 * Express 5…), defined on each application prototype: what an app's requests get when neither it
 * nor an app above it of the same API has prototypes of its own. An app mounted in an app of another
 * API starts again from its own API's (see mount-application.ts).
 */
export const API_REQUEST_PROTO = Symbol('portico.apiRequestPrototype');
export const API_RESPONSE_PROTO = Symbol('portico.apiResponsePrototype');

interface ApiPrototypes {
  [API_REQUEST_PROTO]?: object;
  [API_RESPONSE_PROTO]?: object;
}

/** The request prototype of `app`'s API (Express 4's without an app). */
export function apiRequestPrototype(app: Application | undefined): object {
  return (app as ApiPrototypes | undefined)?.[API_REQUEST_PROTO] ?? PorticoRequest.prototype;
}

/** The response prototype of `app`'s API (Express 4's without an app). */
export function apiResponsePrototype(app: Application | undefined): object {
  return (app as ApiPrototypes | undefined)?.[API_RESPONSE_PROTO] ?? PorticoResponse.prototype;
}

/** `Object.getPrototypeOf`, one load shorter in the bytecode of the inlined test below. */
const prototypeOf = Object.getPrototypeOf;

/** Gives `req` and `res` the prototypes in force for `app`, touching them only when they differ. */
export function adoptPrototypes(app: Application, req: object, res: object): void {
  // Requests of Portico's own server usually have the app's prototypes already. The test is kept
  // this small so that V8 inlines it into the app's handler with the router's dispatch (its
  // inlining budget there is shared, and the walk of `requestPrototypeOf` would use a fifth of it):
  // for a root app, what is in force is its own prototype or else its API's. An app with a parent
  // (mounted apps, which always have their own) is settled out of line, as is changing prototypes.
  const holder = app as ApiPrototypes & Application;
  if (
    app.parent !== undefined ||
    prototypeOf(req) !== (holder[REQUEST_PROTO] ?? holder[API_REQUEST_PROTO]) ||
    prototypeOf(res) !== (holder[RESPONSE_PROTO] ?? holder[API_RESPONSE_PROTO])
  ) {
    changePrototypes(app, req, res);
  }
}

function changePrototypes(app: Application, req: object, res: object): void {
  const requestProto = requestPrototypeOf(app);
  const currentRequestProto = Object.getPrototypeOf(req) as object;
  if (currentRequestProto !== requestProto) {
    // Requests of Portico's own server never come here; node:http2's compatibility objects take a twin.
    if (currentRequestProto !== IncomingMessage.prototype && isHttp2Prototype(currentRequestProto)) {
      adoptHttp2Prototypes(app, req, res, requestProto, currentRequestProto);
      return;
    }
    // node's own request (an app given to `http.createServer(app)`), entering its first app: the
    // fields Portico's request class creates in its constructor, created before the change (see below).
    if (currentRequestProto === IncomingMessage.prototype) declareFields(req, requestProto, HTTP1_REQUEST_FIELDS);
    Object.setPrototypeOf(req, requestProto);
  }
  const responseProto = responsePrototypeOf(app);
  const currentResponseProto = Object.getPrototypeOf(res) as object;
  if (currentResponseProto !== responseProto) {
    if (currentResponseProto === ServerResponse.prototype) declareFields(res, responseProto, HTTP1_RESPONSE_FIELDS);
    Object.setPrototypeOf(res, responseProto);
  }
}

/** The HTTP/2 side of `adoptPrototypes`: the twins of the prototypes in force, and the request's one-time adaptation. */
function adoptHttp2Prototypes(app: Application, req: object, res: object, requestProto: object, currentRequestProto: object): void {
  const { adaptHttp2Request, http2RequestClass, http2ResponseClass, isHttp2Twin } = loadHttp2Objects();
  const requestTwin = http2RequestClass(requestProto, declareRequestFields).prototype;
  if (currentRequestProto !== requestTwin) {
    if (!isHttp2Twin(currentRequestProto)) {
      // node:http2's own objects, entering their first app: what Portico's HTTP/2 classes do as they construct.
      adaptHttp2Request(req as Http2ServerRequest);
      declareRequestFields(req);
      declareResponseFields(res);
    }
    Object.setPrototypeOf(req, requestTwin);
  }
  const responseTwin = http2ResponseClass(responsePrototypeOf(app), declareResponseFields).prototype;
  if (Object.getPrototypeOf(res) !== responseTwin) Object.setPrototypeOf(res, responseTwin);
}

/** The classes node:http2 constructs for `app` (`http2.createServer({ Http2ServerRequest, Http2ServerResponse }, app)`). */
export function http2ClassesFor(app: Application): { Http2ServerRequest: Http2RequestClass; Http2ServerResponse: Http2ResponseClass } {
  return {
    Http2ServerRequest: loadHttp2Objects().http2RequestClass(requestPrototypeOf(app), declareRequestFields),
    Http2ServerResponse: loadHttp2Objects().http2ResponseClass(responsePrototypeOf(app), declareResponseFields),
  };
}

/*
 * The fields Portico sets on an HTTP/2 request and response during a request (undefined unless
 * already set), created up front: by the constructor of Portico's HTTP/2 classes, or, for node's own
 * objects, before their prototype changes. V8 does not cache the map transitions of an object whose
 * prototype was changed: each field added after the change gives that request a map of its own, so
 * every property access on it downstream misses its inline cache. Added after the change, `route`
 * alone made a hello-world request over h2c cost about twice the CPU (h2load, server CPU per
 * request: ~90 µs against ~46 µs); `body` and `_body` did the same to a parsed JSON echo (~114 µs
 * against ~80 µs). Each keeps a value set before the app (by code that wraps it), as the HTTP/1 path does.
 */
/* eslint-disable no-self-assign -- creates the own field with its current value */

/** The request's fields (see above). */
function declareRequestFields(message: object): void {
  const req = message as Record<string, unknown>;
  req.app = req.app;
  req.res = req.res;
  req.next = req.next;
  req.baseUrl = req.baseUrl;
  req.originalUrl = req.originalUrl;
  req.params = req.params;
  // Set later on most requests: by the router on every routed one, by the body parsers (`body`
  // defaults to `{}` in each of them, `_body` marks a body read).
  req.route = req.route;
  req.body = req.body;
  req._body = req._body;
  // Not where the prototype reads `req.query` through a getter (Express 5): there is nothing to create.
  if (!queryIsAccessor(Object.getPrototypeOf(message) as object)) req.query = req.query;
}

/** Per prototype, whether it (or one above it) defines `query` as an accessor. */
const queryAccessors = new WeakMap<object, boolean>();

function queryIsAccessor(proto: object): boolean {
  let known = queryAccessors.get(proto);
  if (known === undefined) {
    known = hasAccessor(proto, 'query');
    queryAccessors.set(proto, known);
  }
  return known;
}

/** The response's fields (see above). */
function declareResponseFields(message: object): void {
  const res = message as Record<string, unknown>;
  res.app = res.app;
  res.locals = res.locals;
  res.req = res.req;
}

/*
 * The same for node:http's own request and response, as a server that is not Portico's makes them
 * (the app handed to `http.createServer` or `https.createServer`, a test harness's server). Every
 * field added to an object after its prototype changed gives it a map of its own, and one such field
 * is enough for every later one, node's included, to do the same: a hello-world request over
 * `http.createServer(app)` cost about nine times the CPU of one over `app.listen` (in process: ~89 µs
 * against ~10 µs, a quarter of it in the garbage collector, the rest in inline-cache misses in node's
 * own HTTP code). So the fields every request gets are created before the change, with their current
 * values: the constructor fields of Portico's HTTP/1 classes, in their order, then what node adds
 * later (`_eventsCount`, which EventEmitter's prototype holds as 0 until the first listener; the
 * status, which `writeHead` writes). That brings it to ~30 µs. `route` would bring it to ~10 µs, but
 * Express's `req` has no `route` key until a route matches (test/compat/req.own-properties), so the
 * router adds it then, as it must; `body` and `_body` likewise come with a body parser.
 */

/** node's request (see above): PorticoRequest's constructor fields, then node's. */
const HTTP1_REQUEST_FIELDS = ['app', 'res', 'next', 'baseUrl', 'originalUrl', 'params', 'query', '_eventsCount'];

/** node's response (see above): PorticoResponse's constructor fields (`req` is node's own), then node's. */
const HTTP1_RESPONSE_FIELDS = ['app', 'locals', 'statusMessage', 'statusCode'];

/** Per target prototype, the fields above it has no accessor for (3.x's `res.locals` is one). */
const declarable = new WeakMap<object, readonly string[]>();

/** Creates `fields` on `message` with their current values, but none the prototype `proto` defines an accessor for. */
function declareFields(message: object, proto: object, fields: readonly string[]): void {
  let list = declarable.get(proto);
  if (list === undefined) {
    list = fields.filter((name) => !hasAccessor(proto, name));
    declarable.set(proto, list);
  }
  const target = message as Record<string, unknown>;
  for (let i = 0; i < list.length; i++) target[list[i]] = target[list[i]];
}

/** Does `proto` or a prototype above it define `name` with a getter or setter? */
function hasAccessor(proto: object, name: string): boolean {
  for (let o: object | null = proto; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, name);
    if (descriptor !== undefined) return descriptor.get !== undefined || descriptor.set !== undefined;
  }
  return false;
}
/* eslint-enable no-self-assign */
