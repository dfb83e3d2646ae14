import type { PorticoResponse } from './response';
import { appSettingBy } from '../settings/app-setting';
import { readJsonEscape, readJsonReplacer, readJsonSpaces } from '../settings/settings';

type Replacer = (this: unknown, key: string, value: unknown) => unknown;

const UNSAFE_HTML = /[<>&]/g;

function escapeHtmlCharacter(c: string): string {
  switch (c.charCodeAt(0)) {
    case 0x3c:
      return '\\u003c';
    case 0x3e:
      return '\\u003e';
    default:
      return '\\u0026';
  }
}

/**
 * Serialises a value for `res.json`/`res.jsonp` with the app's `json replacer`, `json spaces` and
 * `json escape` settings; `escape` writes `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026` so the
 * JSON can sit inside HTML. `undefined` serialises to `undefined` (an empty body).
 */
export function stringifyForResponse(res: PorticoResponse, value: unknown): string | undefined {
  const replacer = appSettingBy(res, readJsonReplacer) as Replacer | Array<string | number> | undefined;
  const spaces = appSettingBy(res, readJsonSpaces) as string | number | undefined;
  const escape = appSettingBy(res, readJsonEscape);
  const json: string | undefined =
    replacer || spaces ? JSON.stringify(value, replacer as Replacer, spaces) : JSON.stringify(value);
  if (escape && typeof json === 'string') return json.replace(UNSAFE_HTML, escapeHtmlCharacter);
  return json;
}
