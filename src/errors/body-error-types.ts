/**
 * Every error the body parsers raise, with its status: the single source for the parsers,
 * the documentation in docs/errors.md and the test that keeps the two in step.
 */
export const BODY_ERROR_TYPES = {
  'encoding.unsupported': 415,
  'entity.parse.failed': 400,
  'entity.verify.failed': 403,
  'request.aborted': 400,
  'entity.too.large': 413,
  'request.size.invalid': 400,
  'stream.encoding.set': 500,
  'stream.not.readable': 500,
  'parameters.too.many': 413,
  'charset.unsupported': 415,
  // Not in the spec's table; Express 4.22's urlencoded parser raises it for keys nested deeper than `depth`.
  'querystring.parse.rangeError': 400,
} as const;

/** The machine-readable `type` of a body-parser error. */
export type BodyErrorType = keyof typeof BODY_ERROR_TYPES;
