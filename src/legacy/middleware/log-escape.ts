/**
 * Log-line injection (the CVE-2026-5078 / GHSA-jxfw-x594-9x9m class): a token's value comes from
 * the client (URL, headers, Basic-auth user name), and a raw CR or LF in it would let the client
 * end the line and write a forged one; ESC could recolour a terminal. Control characters (C0, DEL,
 * C1) and the Unicode line separators are written as `\xHH` / `\uHHHH` instead. Other characters,
 * quotes included, are left as they are, so ordinary lines stay byte for byte those of Express 3.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code > 0xff ? '\\u' + code.toString(16).padStart(4, '0') : '\\x' + code.toString(16).padStart(2, '0');
}

/** `value` with its control characters escaped; a value without any is returned as it is. */
export function escapeLogValue(value: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(value) ? value.replace(UNSAFE, escapeChar) : value;
}
