/**
 * Media types worth compressing that the generic rules below do not catch (binary formats
 * that are already compressed, like images and archives, are deliberately absent).
 */
const COMPRESSIBLE_TYPES = new Set([
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/json',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/graphql',
  'application/wasm',
  'application/x-font-ttf',
  'application/x-font-otf',
  'application/vnd.ms-fontobject',
  'application/rtf',
  'application/x-sh',
  'application/x-tar',
  'application/postscript',
  'font/ttf',
  'font/otf',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** text/*, and any structured-syntax suffix that is textual (RFC 6839: +json, +xml, +text). */
const COMPRESSIBLE_PATTERN = /^text\/|\+(?:json|text|xml)$/;

/** Whether a `Content-Type` value names a type that compresses well; false when absent. */
export function isCompressible(contentType: unknown): boolean {
  if (typeof contentType !== 'string' || contentType === '') return false;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return COMPRESSIBLE_TYPES.has(type) || COMPRESSIBLE_PATTERN.test(type);
}
