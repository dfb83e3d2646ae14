import { FINDING_KINDS, type FindingKind } from './express5-scan';
import { renderRun } from './report-text';
import type { Target5Report } from './target5';

/** The `--target 5` report as the terminal shows it (the diff is printed after it, by the command). */
export function renderTarget5Report(report: Target5Report, write: boolean): string {
  const out: string[] = [];
  const line = (s = ''): void => {
    out.push(s);
  };
  const e = report.express;
  line(`portico doctor --target 5: ${report.project.name ?? '(unnamed project)'} in ${report.project.dir}`);
  line();
  line(`Express       ${e.range === null ? 'not in package.json' : `"${e.range}" in ${e.field}`}${e.installed ? `, ${e.installed} installed` : ''} → Express 5: require('portico/5')`);
  line();
  const rewritable = report.findings.filter((f) => f.edit).length;
  line(`Changes for Express 5 in the app's source (${report.findings.length}, ${rewritable} with a mechanical rewrite)`);
  if (report.findings.length === 0) line('  none');
  // Grouped by kind, so that one change made everywhere reads as one item.
  const byKind = new Map<FindingKind, typeof report.findings>();
  for (const f of report.findings) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  for (const [kind, hits] of byKind) {
    line(`  ${kind} (${hits.length}): ${FINDING_KINDS[kind]}`);
    for (const h of hits) line(`    ${h.file}:${h.line}${h.edit ? (write ? '  [rewritten]' : '  [rewrite in the diff]') : ''}  ${h.message}`);
  }
  if (report.run) renderRun(report.run, ['on Portico (4.x API)', 'on portico/5'], line);
  line();
  if (write) line(report.written.length === 0 ? 'Nothing to rewrite.' : `Rewritten: ${report.written.join(', ')}`);
  else if (report.diff !== '') line('The mechanical rewrites follow as a unified diff; --write applies them.');
  if (report.problems.length === 0) line('Nothing left to change for Express 5.');
  else {
    // The findings are listed above; only what the test runs found is spelled out again.
    const fromRun = report.problems.slice(report.problems.length - (report.problems.length - report.findings.filter((f) => !(write && f.edit)).length));
    line(`To look at (${report.problems.length}): ${report.problems.length - fromRun.length} changes in the source listed above${write ? ' (the rewritten ones left out)' : ''}${fromRun.length > 0 ? ', and:' : ''}`);
    for (const p of fromRun) line(`  - ${p}`);
  }
  return out.join('\n') + '\n';
}
