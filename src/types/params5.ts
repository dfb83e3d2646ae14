import type { ParamsDictionary, RouteParameters } from './params';
import type { Flavor } from './handlers';

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** The characters of a parameter name in Express 5's patterns (JavaScript identifier characters, ASCII part). */
type NameChar = Lower | Uppercase<Lower> | Digit | '_' | '$';

/** Splits `S` into the parameter name it starts with (`name` or `"quoted name"`) and the rest. */
type TakeName<S extends string, Name extends string = ''> = Name extends ''
  ? S extends `"${infer Quoted}"${infer Rest}`
    ? [Quoted, Rest]
    : TakeNameChars<S, ''>
  : TakeNameChars<S, Name>;

type TakeNameChars<S extends string, Name extends string> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? TakeNameChars<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, ''];

/** One key: `Value`, optional inside `{…}` (`Depth` groups open). */
type Key<Name extends string, Value, Depth extends unknown[]> = Name extends ''
  ? unknown
  : Depth extends []
    ? { [K in Name]: Value }
    : { [K in Name]?: Value };

/** Reads a parameter: `:name` gives a string, `*name` the list of segments it matched. */
type ReadParameter<Parts extends [string, string], Value, Depth extends unknown[], Acc> = Scan<Parts[1], Depth, Acc & Key<Parts[0], Value, Depth>>;

/** Reads an Express 5 path pattern left to right (tail-recursive); `Depth` counts the open optional groups. */
type Scan<S extends string, Depth extends unknown[], Acc> = S extends `${infer C}${infer Rest}`
  ? C extends ':'
    ? ReadParameter<TakeName<Rest>, string, Depth, Acc>
    : C extends '*'
      ? ReadParameter<TakeName<Rest>, string[], Depth, Acc>
      : C extends '{'
        ? Scan<Rest, [...Depth, unknown], Acc>
        : C extends '}'
          ? Scan<Rest, Depth extends [unknown, ...infer Outer] ? Outer : [], Acc>
          : C extends '\\'
            ? Rest extends `${string}${infer AfterEscaped}`
              ? Scan<AfterEscaped, Depth, Acc>
              : Acc
            : Scan<Rest, Depth, Acc>
  : Acc;

/** Flattens an intersection into one object type, shown as such in hovers and errors. */
type Flatten<T> = T extends infer U ? { [K in keyof U]: U[K] } : never;

/**
 * The `req.params` of a string route path as Express 5 (path-to-regexp 8) reads it: `:name` →
 * `name: string`; `*name` → `name: string[]` (the segments matched); inside `{…}` both are optional.
 * A path only known as `string` gives {@link ParamsDictionary}.
 */
export type RouteParameters5<Path extends string> = string extends Path ? ParamsDictionary : Flatten<Scan<Path, [], unknown>>;

/** The `req.params` of a string route path in the flavour's syntax. */
export type RouteParametersOf<Path extends string, F extends Flavor> = F extends 'v5' ? RouteParameters5<Path> : RouteParameters<Path>;
