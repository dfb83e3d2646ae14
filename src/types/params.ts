/** `req.params` when nothing more is known about the path: every name maps to a string. */
export interface ParamsDictionary {
  [name: string]: string;
}

/** `req.params` of a regular-expression route: captures by index, named groups by name. */
export interface RegExpParams {
  [name: string]: string;
  [index: number]: string;
}

/** `req.query` as the default (`extended`) query parser builds it; the same shape as `qs`'s `ParsedQs`. */
export interface ParsedQs {
  [key: string]: undefined | string | ParsedQs | Array<string | ParsedQs>;
}

/** A route path: a string pattern, a regular expression, or a list of these. */
export type PathParams = string | RegExp | ReadonlyArray<string | RegExp>;

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** The characters of a parameter name (`\w`, as Express 4 reads `:name`). */
type WordChar = Lower | Uppercase<Lower> | Digit | '_';

/** Splits `S` into the parameter name it starts with and the rest. */
type TakeName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends WordChar
    ? TakeName<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, ''];

/** The text after the parenthesised group `S` starts inside of (`Depth` groups open). */
type SkipGroup<S extends string, Depth extends unknown[] = []> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer AfterEscaped}`
      ? SkipGroup<AfterEscaped, Depth>
      : ''
    : C extends '('
      ? SkipGroup<Rest, [...Depth, unknown]>
      : C extends ')'
        ? Depth extends [unknown, ...infer Outer]
          ? SkipGroup<Rest, Outer>
          : Rest
        : SkipGroup<Rest, Depth>
  : '';

/** One key: required (`string`) or optional (`?: string`). */
type Key<Name extends string, Optional extends boolean> = Optional extends true ? { [K in Name]?: string } : { [K in Name]: string };

/** `Acc` plus one unnamed capture, numbered by how many came before it (`Count`). */
type WithIndex<Acc, Count extends unknown[], Optional extends boolean> = Acc & Key<`${Count['length']}`, Optional>;

/** After `:name` and its optional `(pattern)`: the `*` and `?` modifiers, in either order. */
type ReadModifiers<Name extends string, Rest extends string, Count extends unknown[], Acc> = Rest extends `*?${infer After}` | `?*${infer After}`
  ? Scan<After, '', [...Count, unknown], WithIndex<Acc & Key<Name, true>, Count, false>>
  : Rest extends `*${infer After}`
    ? Scan<After, '', [...Count, unknown], WithIndex<Acc & Key<Name, false>, Count, false>>
    : Rest extends `?${infer After}`
      ? Scan<After, '', Count, Acc & Key<Name, true>>
      : Scan<Rest, '', Count, Acc & Key<Name, false>>;

/** A `:name` parameter: its name, then an optional `(pattern)`, then the modifiers. */
type ReadNamed<Parts extends [string, string], Count extends unknown[], Acc> = Parts[0] extends ''
  ? Scan<Parts[1], ':', Count, Acc>
  : Parts[1] extends `(${infer Inside}`
    ? ReadModifiers<Parts[0], SkipGroup<Inside>, Count, Acc>
    : ReadModifiers<Parts[0], Parts[1], Count, Acc>;

/** A parenthesised group outside a parameter: capturing, unless it opens a segment (`/(…)`); optional when `?` follows. */
type ReadGroup<Rest extends string, Prev extends string, Count extends unknown[], Acc> = Prev extends '/'
  ? Scan<Rest, ')', Count, Acc>
  : Rest extends `?${infer After}`
    ? Scan<After, '?', [...Count, unknown], WithIndex<Acc, Count, true>>
    : Scan<Rest, ')', [...Count, unknown], WithIndex<Acc, Count, false>>;

/**
 * Reads a path pattern left to right (tail-recursive, so long paths stay within the compiler's limits):
 * `Prev` is the previous character, `Count` the unnamed captures so far, `Acc` the keys found.
 */
type Scan<S extends string, Prev extends string, Count extends unknown[], Acc> = S extends `${infer C}${infer Rest}`
  ? C extends ':'
    ? ReadNamed<TakeName<Rest>, Count, Acc>
    : C extends '*'
      ? Scan<Rest, '*', [...Count, unknown], WithIndex<Acc, Count, false>>
      : C extends '('
        ? ReadGroup<SkipGroup<Rest>, Prev, Count, Acc>
        : C extends '\\'
          ? Rest extends `${string}${infer AfterEscaped}`
            ? Scan<AfterEscaped, '', Count, Acc>
            : Acc
          : Scan<Rest, C, Count, Acc>
  : Acc;

/** Flattens an intersection into one object type, shown as such (not by this alias's name) in hovers and errors. */
type Flatten<T> = T extends infer U ? { [K in keyof U]: U[K] } : never;

/**
 * The `req.params` of a string route path, read from the literal as Express 4 reads patterns:
 * `:name` → `name: string`; `:name?` → `name?: string`; `:name(\\d+)` → `name: string`;
 * `*` and unnamed groups `(…)` → `'0'`, `'1'`, … in order; `:name*` → `name` plus the next index.
 * A path that is only known as `string` gives {@link ParamsDictionary}.
 */
export type RouteParameters<Path extends string> = string extends Path ? ParamsDictionary : Flatten<Scan<Path, '', [], unknown>>;

/** The `req.params` of any path argument: string patterns are read, regular expressions and lists give index access. */
export type ParamsOf<Path> = Path extends string
  ? RouteParameters<Path>
  : Path extends RegExp
    ? RegExpParams
    : ParamsDictionary;
