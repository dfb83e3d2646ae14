// The types of suite.mjs and extract.mjs, for test/docs/samples.test.ts.
export interface Exchange {
  text: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  status?: number;
  expectHeaders?: Array<[string, string]>;
  expectBody?: { exact: string } | { contains: string };
}
export interface SampleSpec {
  exchanges: Exchange[];
  setup: string[];
  files: Array<{ path: string; content: string }>;
  copies: Array<{ path: string; from: string }>;
  portico: boolean;
  tls: boolean;
  present: boolean;
}
export interface Sample {
  file: string;
  line: number;
  typescript: boolean;
  fragment: boolean;
  code: string;
  spec: SampleSpec;
}
export interface SampleResult {
  kind: 'fragment' | 'script' | 'server' | 'failed';
  compared: boolean;
  problems: string[];
}
export function sampleWorkDir(): string;
export function sampleSources(): string[];
export function collectSamples(): Sample[];
export function checkSample(sample: Sample, dir: string): Promise<SampleResult>;
export function summarize(results: SampleResult[]): string;
export function extractSamples(markdown: string, file: string): Sample[];
