/**
 * Portico's public type definitions. Applications import them from `portico` (`import { Request } from 'portico'`,
 * `express.Request`); this module gathers the pieces the `portico` namespace is built from.
 */
export type { GlobalRequest, GlobalResponse, GlobalLocals, GlobalApplication } from './express-globals';
export type { Loose, DefaultBody, DefaultError, DefaultLocals, SettingValue, CookieValues } from './type-options';
export type { ParamsDictionary, RegExpParams, ParsedQs, PathParams, RouteParameters, ParamsOf } from './params';
export type { RouteParameters5, RouteParametersOf } from './params5';
export type { RequestCommon, RequestMembers, RangeOptions, ByteRange, Ranges, RangeResult } from './request';
export type { ResponseCommon, ResponseShared, ResponseMembers, FileCallback, RenderCallback, FormatHandler, FormatHandlers, HeaderValue, RenderLocals, Send } from './response';
export type {
  NextFunction,
  HandlerObjects,
  Flavor,
  RequestHandler,
  Handler,
  ErrorRequestHandler,
  RequestParamHandler,
  ParamCustomizer,
  MiddlewareFunction,
  RequestHandlerParams,
} from './handlers';
export type { IRouterMatcher, IRouterHandler, IRouteHandler, IRoute, IRouter, ILayer, PathKey, RouterMembers } from './router';
export type { ApplicationCommon, ApplicationShared, ApplicationMembers, TemplateEngine, EngineCallback, ListenCallback } from './application';
export type { FetchHandler, FetchOptions } from './fetch';
export type {
  JsonOptions,
  RawOptions,
  TextOptions,
  UrlencodedOptions,
  BodyParserOptions,
  VerifyFunction,
  TypeOption,
  SendFileOptions,
  DownloadOptions,
  RouterOptions,
  StaticOptions,
  StaticSetHeaders,
  CookieOptions,
} from './options';
export type {
  RouterFactory,
  RouteConstructor,
  JsonParserFactory,
  RawParserFactory,
  TextParserFactory,
  UrlencodedParserFactory,
  BodyParsers,
  MimeTable,
  StaticFactory,
} from './framework';
export type { AcceptedType, LegacyLocals, LegacyRequest, LegacySendfileOptions, LegacyResponse, LegacyRoute, LegacyApplication } from './legacy';
export type { Express5Application, Express5Request, Express5Response, Express5Router, Static5Options, Static5SetHeaders } from './express5';
