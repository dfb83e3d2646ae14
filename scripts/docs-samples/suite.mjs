// Every code sample of docs/*.md and README.md, and the verdict on one: used by the test
// (test/docs/samples.test.ts) and by `node scripts/docs-samples/run.mjs`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSamples } from './extract.mjs';

export { extractSamples };
import { checkExchange, checkSyntax, compareResponses, prepareFolder, runPrepared } from './run-sample.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A fresh folder for samples' files, under the project's node_modules/.cache so that a sample's
 * `require('ejs')` finds the project's packages. The caller removes it.
 */
export function sampleWorkDir() {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(join(cache, 'portico-docs-samples-'));
}

/** The Markdown files whose samples are checked, relative to the repository. */
export function sampleSources() {
  const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** All samples, in file order. */
export function collectSamples() {
  return sampleSources().flatMap((file) => extractSamples(readFileSync(join(root, file), 'utf8'), file));
}

// README.md is merged centrally and carries no <!-- sample --> comment yet: its app is still started,
// asked for GET / and compared with Express, with no expectations of its own.
const UNANNOTATED = new Set(['README.md']);

/** Whether the sample's own code loads Portico's Express 4, 3 or 5 interface (and so claims Express's behaviour). */
function usesPortico(sample) {
  return /require\(['"]portico(\/legacy|\/5)?['"]\)|from ['"]portico(\/legacy|\/5)?['"]/.test(sample.spec.setup.join('\n') + sample.code);
}

/**
 * Runs one sample in `dir` (a fresh folder of its own). Resolves with `{ kind, compared, problems }`:
 * kind 'fragment' (parsed only), 'script' (ran to a clean exit), 'server' (listened and was
 * requested) or 'failed' (did not parse, threw, or did not answer); compared when it also ran on
 * Express and the responses were compared.
 */
export async function checkSample(sample, dir) {
  try {
    return await check(sample, dir);
  } catch (err) {
    return { kind: 'failed', compared: false, problems: [err instanceof Error ? err.message : String(err)] };
  }
}

async function check(sample, dir) {
  if (sample.fragment) {
    if (sample.spec.present) return { kind: 'fragment', compared: false, problems: ['a fragment has a <!-- sample --> comment: it is not run, so the comment would never be checked'] };
    checkSyntax(sample.code, sample.typescript);
    return { kind: 'fragment', compared: false, problems: [] };
  }
  prepareFolder(sample, dir);
  const ran = await runPrepared(sample, dir, 'portico');
  if (!ran.listened) {
    const problems = sample.spec.exchanges.length > 0 ? ['it lists requests but started no server'] : [];
    return { kind: 'script', compared: false, problems };
  }
  let exchanges = sample.spec.exchanges;
  let responses = ran.responses;
  if (exchanges.length === 0) {
    if (!UNANNOTATED.has(sample.file)) {
      return { kind: 'server', compared: false, problems: ['it starts a server but no <!-- sample --> comment says what to request and expect'] };
    }
    exchanges = [{ text: 'GET /', method: 'GET', path: '/', headers: {} }];
    responses = (await runPrepared(sample, dir, 'portico', exchanges)).responses;
  }
  const problems = sample.spec.exchanges.flatMap((exchange, i) => checkExchange(exchange, responses[i]));
  const compare = !sample.spec.portico && usesPortico(sample);
  if (compare) {
    // In the same folder, so that files (and their ETag and Last-Modified) are the same for both.
    const express = await runPrepared(sample, dir, 'express', exchanges);
    if (!express.listened) problems.push('on Express it started no server');
    else exchanges.forEach((exchange, i) => problems.push(...compareResponses(exchange, responses[i], express.responses[i])));
  }
  return { kind: 'server', compared: compare, problems };
}

/** The counts line the test and the command print. */
export function summarize(results) {
  const count = (test) => results.filter(test).length;
  const servers = count((r) => r.kind === 'server');
  return (
    `documentation samples: ${results.length} in ${sampleSources().length} files; ` +
    `${servers + count((r) => r.kind === 'script')} run (${servers} servers requested, ${count((r) => r.compared)} of them also on Express, ` +
    `${count((r) => r.kind === 'script')} scripts), ${count((r) => r.kind === 'fragment')} fragments parsed only; ` +
    `${count((r) => r.problems.length > 0)} failing`
  );
}
