import type { TypeOptions } from '../index';

/**
 * True when the program opted into strict defaults:
 * `declare module 'portico' { interface TypeOptions { strict: true } }`.
 */
type IsStrict = TypeOptions extends { strict: true } ? true : false;

/**
 * The type of the values `@types/express` leaves as `any` on purpose (the request body, `res.locals`
 * values, cookies, the error of an error handler, `app.get(setting)`): `any` by default, so code
 * written against `@types/express` compiles unchanged; `unknown` once `TypeOptions.strict` is set.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the documented loose default of @types/express (see docs/typescript.md)
export type Loose = IsStrict extends true ? unknown : any;

/** Default type of `req.body` (`ReqBody`). */
export type DefaultBody = Loose;

/** Default type of the error an error handler receives. */
export type DefaultError = Loose;

/** Type of `app.get(setting)` and of the values of `app.settings`. */
export type SettingValue = Loose;

/** Default type of `res.locals` (`LocalsObj`). */
export type DefaultLocals = Record<string, Loose>;

/** Type of `req.cookies` and `req.signedCookies`. */
export type CookieValues = Record<string, Loose>;
