/**
 * Compile-time assertions for the type tests: `check<Equal<A, B>>()` fails to compile unless A and B are
 * the same type (not merely assignable), which `any` cannot fake.
 */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** True when `T` is `any`. */
export type IsAny<T> = 0 extends 1 & T ? true : false;

/** Compiles only when `T` is `true`; does nothing at run time. */
export function check<T extends true>(): void {
  void (undefined as unknown as T);
}
