// The types of svg-chart.mjs, for test/bench/svg-chart.test.ts.
export interface Bar {
  label: string;
  value: number | null;
  note?: string;
  highlight?: boolean;
}
export interface ChartOptions {
  title: string;
  subtitle?: string;
  description?: string;
  panels: Array<{ title: string; bars: Bar[] }>;
  format: (value: number) => string;
  columns?: number;
  width?: number;
}
export function barChart(options: ChartOptions): string;
export function fitText(text: string, width: number, size: number, bold?: boolean): string;
export function escapeXml(text: string): string;
export function labelColumnWidth(panels: ChartOptions['panels']): number;
