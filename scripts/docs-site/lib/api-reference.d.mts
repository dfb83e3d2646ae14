// The types of api-reference.mjs, for test/docs/api-reference.test.ts.
export const FACTORIES: string[];
export function runTypeDoc(root: string, out?: string): void;
export function memberAnchors(markdown: string): Map<string, string>;
export function apiIndex(apiDir: string): {
  objects: Record<'app' | 'req' | 'res' | 'router', { page: string; members: Map<string, string> }>;
  factories: Record<string, string>;
};
export function appendNodeMembers(apiDir: string, entry: string): void;
