// The types of published-members.mjs, for test/docs/api-reference.test.ts.
export function publishedMembers(entry: string, name: string): Array<{ name: string; owner: string; fromNode: boolean }>;
