import { json } from './json';
import { raw } from './raw';
import { text } from './text';
import { urlencoded } from './urlencoded';

export { json, raw, text, urlencoded };
export type { JsonOptions } from './json';
export type { RawOptions } from './raw';
export type { TextOptions } from './text';
export type { UrlencodedOptions } from './urlencoded';
export type { BodyParserOptions, VerifyFunction } from './options';
export type { TypeOption } from './type-matcher';

/** The four body-parser factories on one object, as the body-parsers spec names them. */
export const bodyParsers = { json, raw, text, urlencoded };
