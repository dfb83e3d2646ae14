/** A token (RFC 9110 §5.6.2): sent bare, without quotes. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Printable US-ASCII: anything else needs the `filename*` parameter (RFC 8187). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;
/** A `%XX` escape: a name holding one is also sent as `filename*`, so clients do not decode it. */
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
/** Characters `encodeURIComponent` leaves but RFC 8187's attr-char does not allow. */
const NOT_ATTR_CHAR = /['()*]/g;

function percentEncodeChar(char: string): string {
  return '%' + char.charCodeAt(0).toString(16).toUpperCase();
}

/** A parameter value: a token as it is, anything else as a quoted-string with `\` and `"` escaped. */
function parameterValue(value: string): string {
  return TOKEN.test(value) ? value : '"' + value.replace(/[\\"]/g, '\\$&') + '"';
}

/**
 * The `Content-Disposition: attachment` value Express 5's `res.download` sends for a file name
 * (RFC 6266): `filename=` bare when it is a token, quoted otherwise; a name outside printable
 * US-ASCII (Latin-1 letters included) or holding a `%XX` escape gets a fallback with `?` for each
 * such character and the exact name in `filename*=UTF-8''…`. The name is used as given (the caller
 * takes the base name).
 */
export function attachmentDisposition5(name: string): string {
  NOT_PRINTABLE_ASCII.lastIndex = 0;
  const fallback = name.replace(NOT_PRINTABLE_ASCII, '?');
  let header = 'attachment; filename=' + parameterValue(fallback);
  if (fallback !== name || PERCENT_ESCAPE.test(name)) {
    header += "; filename*=UTF-8''" + encodeURIComponent(name).replace(NOT_ATTR_CHAR, percentEncodeChar);
  }
  return header;
}
