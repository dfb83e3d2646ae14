import type { DoctorReport, TestRunReport } from './diagnose';

const TARGET_TEXT: Record<DoctorReport['express']['target'], string> = {
  'portico': "Express 4: use require('portico')",
  'portico/legacy': "Express 3: use require('portico/legacy')",
  'out-of-scope': 'Express 5 or later: out of scope (Portico replaces Express 4 and 3)',
  'unknown': 'the project does not say which express it uses',
};

const STATUS_TEXT = { tested: 'tested', care: 'needs care', unknown: 'unknown' } as const;

/** The report as the terminal shows it. */
export function renderReport(report: DoctorReport): string {
  const out: string[] = [];
  const line = (s = ''): void => {
    out.push(s);
  };
  const e = report.express;
  line(`portico doctor: ${report.project.name ?? '(unnamed project)'} in ${report.project.dir}`);
  line();
  line(`Express       ${e.range === null ? 'not in package.json' : `"${e.range}" in ${e.field}`}${e.installed ? `, ${e.installed} installed` : ''}`);
  line(`              → ${TARGET_TEXT[e.target]}`);
  const n = report.node;
  line(`Node          ${n.running}${n.engines ? ` (engines: ${n.engines})` : ''}${n.pinned ? ` (pinned: ${n.pinned})` : ''} → ${n.supported ? 'supported' : 'not supported: Portico needs Node 18 or later'}`);
  if (report.expressCopies.length > 1) line(`Copies        ${report.expressCopies.map((c) => `${c.path} (${c.version})`).join(', ')}`);
  line();
  line(`Packages that use Express, and Express middleware (${report.dependents.length})`);
  if (report.dependents.length === 0) line('  none');
  for (const d of report.dependents) {
    const tested = d.status !== 'unknown' ? ` (tested with ${d.testedVersion}: ${d.evidence})` : '';
    line(`  ${STATUS_TEXT[d.status].padEnd(11)} ${d.name}@${d.version}${d.expressRange ? `  [express ${d.expressRange}]` : ''}${tested}`);
    if (d.note) line(`              ${d.note}`);
  }
  line();
  const deep = [...report.deepImports.app.map((d) => ({ ...d, where: 'app' })), ...report.deepImports.dependencies.map((d) => ({ ...d, where: 'dependency' }))];
  line(`Deep imports of express/lib (${deep.length})`);
  if (deep.length === 0) line('  none');
  for (const d of deep) line(`  ${d.supported ? 'supported  ' : 'unsupported'} express/${d.module}  ${d.file}:${d.line}`);
  line();
  const internals = [...report.internals.app, ...report.internals.dependencies];
  line(`Uses of Express internals (${internals.length})`);
  if (internals.length === 0) line('  none');
  // Grouped by internal: a framework built on Express reads app._router in dozens of places.
  const byName = new Map<string, typeof internals>();
  for (const i of internals) byName.set(i.name, [...(byName.get(i.name) ?? []), i]);
  for (const [name, hits] of byName) {
    const first = hits[0];
    const places = hits.slice(0, 3).map((h) => `${h.file}:${h.line}`).join(', ') + (hits.length > 3 ? `, and ${hits.length - 3} more` : '');
    line(`  ${first.supported ? 'supported  ' : 'unsupported'} ${name} (${hits.length}): ${places}`);
    line(`              ${first.note}`);
  }
  if (report.run) renderRun(report.run, ['as is', 'on Portico'], line);
  line();
  if (report.problems.length === 0) line('Nothing found that would keep this project from running on Portico.');
  else {
    line(`To look at (${report.problems.length}):`);
    for (const p of report.problems) line(`  - ${p}`);
  }
  return out.join('\n') + '\n';
}

/** The `--run` section: what replaced express, each side's counts, the verdict and the changed tests. */
export function renderRun(run: TestRunReport, labels: readonly [string, string], line: (s?: string) => void): void {
  line();
  line(`Tests: \`${run.command}\``);
  for (const r of run.replaced) line(`  ${r.path} (${r.version ?? '?'}) → ${r.as === 'left-alone' ? 'left alone (5.x)' : r.as}`);
  const width = Math.max(12, ...labels.map((l) => l.length + 1));
  const side = (label: string, s: typeof run.asIs): string =>
    `  ${label.padEnd(width)} exit ${s.timedOut ? 'timed out' : s.exitCode}, ${s.format === 'exit-code' ? 'no test names recognised' : `${s.counts.pass} pass, ${s.counts.fail} fail, ${s.counts.skip} skipped (${s.format})`}, ${(s.durationMs / 1000).toFixed(1)} s`;
  line(side(labels[0], run.asIs));
  line(side(labels[1], run.onPortico));
  line(`  ${run.verdict}`);
  for (const c of run.changed) line(`    ${c.asIs} → ${c.onPortico}: ${c.test}`);
}
