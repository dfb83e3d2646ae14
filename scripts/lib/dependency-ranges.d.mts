// The types of dependency-ranges.mjs, for the test that checks the installed tree.
export interface DependencyRow {
  api: string;
  name: string;
  real?: string;
  from?: string[];
  declarers: string[][];
  emulated?: string;
}
export interface ReferenceCheck {
  declarer: string;
  range: string;
  resolved: string;
}
export interface DependencyCheck {
  api: string;
  name: string;
  real: string;
  version: string;
  emulated?: string;
  references: ReferenceCheck[];
  ok: boolean;
}
export const BEHAVIOUR_DEPENDENCIES: DependencyRow[];
export function packageDir(fromDir: string, name: string): string;
export function checkDependencies(options: {
  porticoDir: string;
  projectDir: string;
  satisfies: (version: string, range: string) => boolean;
  sameAsReference: boolean;
}): DependencyCheck[];
export function formatDependencyTable(rows: DependencyCheck[]): string;
