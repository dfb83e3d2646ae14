/** The path of a Node binary of `major` (a number such as 18), downloading it from the npm registry on first use. */
export function nodeBinary(major: number | string): string;
