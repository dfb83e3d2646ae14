import type { ServerResponse } from 'node:http';
import { readAndParse, wantsBody, type BodyRequest, type Next, type ParserPlan } from './body-request';
import { optionsObject, resolveCommonOptions, type BodyParserOptions } from './options';
import { BODY_PROFILE_4, type BodyProfile } from './profile';

/** Options of `raw()`. */
export type RawOptions = BodyParserOptions;

/** Creates the raw body parser: `req.body` becomes a Buffer of the (inflated) body. */
export function raw(options?: RawOptions | null): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  return createRawParser(options, BODY_PROFILE_4);
}

/** The raw parser of the given Express version's profile. */
export function createRawParser(options: RawOptions | null | undefined, profile: BodyProfile): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  const plan: ParserPlan = {
    ...resolveCommonOptions(optionsObject(options), 'application/octet-stream', profile),
    toBody: (buf) => buf,
  };

  return function rawParser(req: BodyRequest, res: ServerResponse, next: Next): void {
    if (!wantsBody(req, plan)) return next();
    readAndParse(req, res, next, plan, null);
  };
}
