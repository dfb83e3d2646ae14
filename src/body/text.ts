import type { ServerResponse } from 'node:http';
import { readAndParse, wantsBody, type BodyRequest, type Next, type ParserPlan } from './body-request';
import { optionsObject, resolveCommonOptions, type BodyParserOptions } from './options';
import { BODY_PROFILE_4, type BodyProfile } from './profile';

/** Options of `text()`. */
export interface TextOptions extends BodyParserOptions {
  /** Charset used when the Content-Type names none (default `utf-8`). */
  defaultCharset?: string;
}

/** Creates the text body parser: `req.body` becomes the body decoded with its charset. */
export function text(options?: TextOptions | null): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  return createTextParser(options, BODY_PROFILE_4);
}

/** The text parser of the given Express version's profile. */
export function createTextParser(options: TextOptions | null | undefined, profile: BodyProfile): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  const opts = optionsObject(options);
  const requestCharset = profile.requestCharset;
  const defaultCharset = opts.defaultCharset ? String(opts.defaultCharset) : 'utf-8';
  const plan: ParserPlan = {
    ...resolveCommonOptions(opts, 'text/plain', profile),
    toBody: (buf, charset) => profile.decode(buf, charset as string),
  };

  return function textParser(req: BodyRequest, res: ServerResponse, next: Next): void {
    if (!wantsBody(req, plan)) return next();
    readAndParse(req, res, next, plan, requestCharset(req) || defaultCharset);
  };
}
