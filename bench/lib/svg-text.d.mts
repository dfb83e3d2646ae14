// The types of svg-text.mjs, for test/bench/svg-chart.test.ts.
export function plainText(text: string): string;
export function textWidth(text: string, size: number, bold?: boolean): number;
