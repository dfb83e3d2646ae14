// Every code sample of docs/*.md and README.md runs: an app sample is started on the built dist/,
// requested as its `<!-- sample -->` comment says and, unless it is marked `only: portico`, also
// run on Express (4, or 3 for portico/legacy) with the responses compared. The conventions are in
// docs/docs-site.md; the runner is scripts/docs-samples/ (`node scripts/docs-samples/run.mjs`).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SampleResult } from '../../scripts/docs-samples/suite.mjs' with { 'resolution-mode': 'import' };

type Runner = typeof import('../../scripts/docs-samples/suite.mjs', { with: { 'resolution-mode': 'import' } });
// The runner is an ES module (scripts/ are run by node directly); this file is CommonJS.
const load = (): Promise<Runner> => import('../../scripts/docs-samples/suite.mjs');

const root = join(__dirname, '..', '..');
let runner: Runner;
let work: string;
let counter = 0;

before(async () => {
  assert.ok(existsSync(join(root, 'dist', 'index.js')), 'the samples run on dist/: run `npm run build` first');
  runner = await load();
  work = runner.sampleWorkDir();
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs the samples of a Markdown text (as if it were `file`) and returns their results. */
async function runMarkdown(markdown: string, file = 'docs/example.md'): Promise<SampleResult[]> {
  const results: SampleResult[] = [];
  for (const sample of runner.extractSamples(markdown, file)) results.push(await runner.checkSample(sample, join(work, `unit-${counter++}`)));
  return results;
}

describe('the documentation samples', async () => {
  const { checkSample, collectSamples, summarize } = await load();
  const samples = collectSamples();
  const results: SampleResult[] = [];

  after(() => {
    // The counts, printed with the test results (and checked: a runner that skips everything fails).
    console.log(summarize(results));
  });

  for (const sample of samples) {
    const kind = sample.fragment ? 'fragment, parses' : 'runs and answers as written';
    it(`${sample.file}:${sample.line} ${kind}`, async () => {
      const result = await checkSample(sample, join(work, `doc-${counter++}`));
      results.push(result);
      assert.deepEqual(result.problems, []);
    });
  }

  it('most samples run: fragments are fewer than the samples run, and most apps are compared with Express', () => {
    const run = results.filter((r) => r.kind === 'server' || r.kind === 'script').length;
    const fragments = results.filter((r) => r.kind === 'fragment').length;
    assert.equal(results.length, samples.length);
    assert.ok(run >= 2 * fragments, summarize(results));
    const servers = results.filter((r) => r.kind === 'server');
    assert.ok(servers.filter((r) => r.compared).length * 4 >= servers.length * 3, summarize(results));
  });
});

describe('the sample runner', () => {
  const app = "const portico = require('portico');\nconst app = portico();\napp.get('/', (req, res) => res.send('hi'));\n";

  it('passes an app sample whose responses are the ones its comment states, on Portico and on Express', async () => {
    const [result] = await runMarkdown(`\`\`\`js\n${app}app.listen(3000);\n\`\`\`\n<!-- sample\nGET / -> 200 [Content-Type: text/html; charset=utf-8] hi\nGET /x -> 404 ~Cannot GET /x\n-->\n`);
    assert.deepEqual(result, { kind: 'server', compared: true, problems: [] });
  });

  it('fails a sample whose stated status, header or body is not what it answers', async () => {
    const [result] = await runMarkdown(`\`\`\`js\n${app}\`\`\`\n<!-- sample\nGET / -> 201 [Content-Type: text/plain] hello\n-->\n`);
    assert.equal(result.problems.length, 3, result.problems.join('\n'));
    assert.match(result.problems[0], /status 200, expected 201/);
  });

  it('fails a sample that answers differently on Express unless it is marked only: portico', async () => {
    const code = "const app = require('portico')();\napp.get('/', async () => { throw new Error('no'); });\n";
    const [compared] = await runMarkdown(`\`\`\`js\n${code}\`\`\`\n<!-- sample\nGET / -> 500\n-->\n`);
    assert.match(compared.problems.join('\n'), /^on Express: socket hang up/);
    const [alone] = await runMarkdown(`\`\`\`js\n${code}\`\`\`\n<!-- sample\nonly: portico\nGET / -> 500\n-->\n`);
    assert.deepEqual(alone, { kind: 'server', compared: false, problems: [] });
  });

  it('fails an unmarked sample that cannot run, and one that starts a server with nothing to check', async () => {
    const [broken, unchecked] = await runMarkdown(`\`\`\`js\napp.use(helmet());\n\`\`\`\n\n\`\`\`js\n${app}\`\`\`\n`);
    assert.equal(broken.kind, 'failed');
    assert.match(broken.problems.join('\n'), /app is not defined/);
    assert.match(unchecked.problems.join('\n'), /no <!-- sample --> comment/);
  });

  it('only parses a fragment, and fails one that does not parse (JavaScript and TypeScript)', async () => {
    const results = await runMarkdown('```js fragment\napp.use(helmet());\n```\n\n```js fragment\nconst x = { … };\n```\n\n```ts fragment\nlet a: = 1;\n```\n');
    assert.deepEqual(results.map((r) => r.kind), ['fragment', 'failed', 'failed']);
    assert.deepEqual(results.map((r) => r.problems.length), [0, 1, 1]);
    assert.match(results[1].problems[0], /does not parse/);
  });

  it('runs TypeScript samples, files and setup lines from the comment, and a script that only has to exit cleanly', async () => {
    const ts = "import express, { Request, Response } from 'portico';\nconst app = express();\napp.get('/:f', (req: Request, res: Response) => res.sendFile(req.params.f, { root: __dirname + '/files' }));\n";
    const [served, script] = await runMarkdown(
      `\`\`\`ts\n${ts}\`\`\`\n<!-- sample\nfile: files/a.txt = A\\n\nGET /a.txt -> 200 [Content-Type: text/plain; charset=UTF-8] A\\n\n-->\n\n\`\`\`js\nconst total = [1, 2].reduce((a, b) => a + b);\nif (total !== 3) throw new Error('sum');\n\`\`\`\n`,
    );
    assert.deepEqual(served, { kind: 'server', compared: true, problems: [] });
    assert.deepEqual(script, { kind: 'script', compared: false, problems: [] });
  });
});
