import type { IncomingMessage, ServerResponse } from 'node:http';
import { urlencoded, type JsonOptions, type UrlencodedOptions } from '../../body/index';
import { legacyJson } from './json';
import { multipart, type MultipartOptions } from './multipart';

/**
 * Options of `bodyParser()`: each goes to the parser that knows it, and the shared ones
 * (`limit`, `type`, `verify`, `inflate`) to all three, so `limit` bounds every kind of body.
 */
export interface BodyParserOptions extends JsonOptions, UrlencodedOptions, MultipartOptions {}

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * The 3.x `bodyParser()`: JSON, URL-encoded (rich `qs` syntax unless `extended: false`) and
 * multipart bodies in one middleware, each body read by the one parser its `Content-Type`
 * names. Prefer the single parsers an app needs: accepting uploads everywhere is rarely wanted.
 */
export function bodyParser(options: BodyParserOptions = {}): Middleware {
  const jsonParser = legacyJson(options);
  const urlencodedParser: Middleware = urlencoded({ extended: true, ...options });
  const multipartParser = multipart(options);

  return function bodyParserMiddleware(req, res, next) {
    jsonParser(req, res, (jsonErr) => {
      if (jsonErr) return next(jsonErr);
      urlencodedParser(req, res, (formErr) => {
        if (formErr) return next(formErr);
        // A body the JSON or form parser read leaves `req.files` unset, as 3.x did; the multipart
        // parser (which sets it to `{}` when it has nothing to add) runs for everything else.
        if ((req as IncomingMessage & { _body?: boolean })._body) return next();
        multipartParser(req, res, next);
      });
    });
  };
}
