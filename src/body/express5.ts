import type { ServerResponse } from 'node:http';
import type { BodyRequest, Next } from './body-request';
import { createJsonParser, type JsonOptions5 } from './json';
import { bodyProfile5 } from './profile';
import { createRawParser, type RawOptions } from './raw';
import { createTextParser, type TextOptions } from './text';
import { createUrlencodedParser, type UrlencodedOptions5 } from './urlencoded';

/** A body parser middleware as the factories return it. */
type BodyParserMiddleware = (req: BodyRequest, res: ServerResponse, next: Next) => void;

/** Express 5's `express.json()` (body-parser 2.x): `defaultCharset`, brotli, `req.body` undefined when not parsed. */
function json(options?: JsonOptions5 | null): BodyParserMiddleware {
  return createJsonParser(options, bodyProfile5());
}

/** Express 5's `express.raw()`. */
function raw(options?: RawOptions | null): BodyParserMiddleware {
  return createRawParser(options, bodyProfile5());
}

/** Express 5's `express.text()`. */
function text(options?: TextOptions | null): BodyParserMiddleware {
  return createTextParser(options, bodyProfile5());
}

/** Express 5's `express.urlencoded()`: `extended` false by default, qs for both settings, ISO-8859-1 forms. */
function urlencoded(options?: UrlencodedOptions5 | null): BodyParserMiddleware {
  return createUrlencodedParser(options, bodyProfile5());
}

export type { JsonOptions5, UrlencodedOptions5 };
export type { RawOptions, TextOptions };

/** The four body-parser factories with Express 5's defaults and behaviour, for `portico/5`. */
export const bodyParsers5 = { json, raw, text, urlencoded };
