// The types of charts.mjs, for test/bench/svg-chart.test.ts. The results are bench/run.mjs's JSON.
type Results = any;
export interface Http2Figures {
  measured: string;
  scenarios: Array<{ title: string; values: Record<string, { rps?: number | null; cpuUs?: number | null; instructions?: number | null }> }>;
}
export interface ColdStartFigures {
  measured: string;
  rows: Array<{ label: string; firstResponseMs: number | null; requireMs: number | null; rssMb: number | null }>;
}
export function requestsChart(results: Results): string;
export function latencyChart(results: Results, percentile: 'p50' | 'p99'): string;
export function relativeToExpress(results: Results): Array<{ id: string; ratio: number; scenarios: number }>;
export function summaryChart(results: Results): string;
export function readHttp2(benchDir: string, page: string | null): Http2Figures;
export function http2Chart(figures: Http2Figures): string;
export function readColdStart(benchDir: string, page: string | null): ColdStartFigures;
export function coldStartChart(figures: ColdStartFigures): string;
export const CHARTS_DIR: string;
export function writeCharts(options: { results: Results; benchDir: string; page: string | null; outDir: string }): string[];
export function writeBenchmarkCharts(results?: Results): string[];
