// The types of drop-no-op-names.mjs, for the test that checks it.
export function dropNoOpNames(code: string): { code: string; dropped: number; kept: number };
