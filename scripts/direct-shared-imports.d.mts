// The types of direct-shared-imports.mjs, for the test that checks it.
export function directSharedImports(code: string): { code: string; replaced: number };
