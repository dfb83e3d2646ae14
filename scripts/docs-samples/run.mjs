// Runs every code sample of docs/*.md and README.md (`node scripts/docs-samples/run.mjs [file-substring]`)
// and prints each failing one with its reasons, then the counts. Needs dist/ (`npm run build`).
// The same check runs in `npm test` as test/docs/samples.test.ts.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkSample, collectSamples, sampleWorkDir, summarize } from './suite.mjs';

const filter = process.argv[2];
const work = sampleWorkDir();
const results = [];
try {
  for (const [i, sample] of collectSamples().entries()) {
    if (filter && !sample.file.includes(filter)) continue;
    const result = await checkSample(sample, join(work, String(i)));
    results.push(result);
    const mark = result.problems.length ? 'FAIL' : 'ok  ';
    process.stdout.write(`${mark} ${sample.file}:${sample.line} ${result.kind}${result.compared ? ' (compared with Express)' : ''}\n`);
    for (const p of result.problems) process.stdout.write(`       ${p.replace(/\n/g, '\n       ')}\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`${summarize(results)}\n`);
process.exit(results.some((r) => r.problems.length > 0) ? 1 : 0);
