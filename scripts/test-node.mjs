// Runs the test suite under other Node versions, each fetched from the npm registry
// (scripts/node-binary.mjs), and under both of Portico's header paths.
//
//   node scripts/test-node.mjs 22            the whole suite on Node 22, then the header subset
//                                            with PORTICO_HEADER_SHORTCUT=off
//   node scripts/test-node.mjs --subset 18   the version subset instead of the whole suite, then
//                                            the header subset with the shortcut off
//   node scripts/test-node.mjs --fallback current
//                                            only the header subset with the shortcut off, on the
//                                            Node running this script
//
// A mode flag applies to the versions after it: `--fallback current --subset 18 22 24` is what
// `npm test` runs after the whole suite. (`npm run test:node -- 22` is the first form.)
// Versions are majors, or `current`. Below Node 20 the whole suite leaves out the browser tests
// (BROWSER_TESTS below) and the NestJS 11 project (NEST11_TESTS), and says so. It ends with one line per run and a total, and exits
// non-zero when any run failed.
import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary } from './node-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The subset run on the other versions: what depends most on the runtime. The differential tests
 * against express@4 and the hostile-input tests, the body parsers (streams, zlib, iconv, JSON
 * wording) and the file sender (fs, ranges, streams), what writes headers through node's store,
 * the demo app over HTTP, and portico/graceful.
 */
export const VERSION_SUBSET = [
  'test/compat/',
  'test/security/',
  'test/body.',
  'test/express.json.',
  'test/express.raw.',
  'test/express.text.',
  'test/express.urlencoded.',
  'test/express.static.',
  'test/files.',
  'test/res.send-file.',
  'test/res.download.',
  'test/res.send.',
  'test/res.json.',
  'test/res.header-writes.',
  'test/req.fresh.',
  'test/app.METHOD.',
  'test/router.dispatch.',
  'test/e2e/demo.http.',
  // The drain relies on node:http's connection tracking (closeIdleConnections), which changed across versions.
  'test/graceful.',
];

/** Left out of the whole suite below Node 20: playwright-core, which drives the browser, needs Node 20 or later. */
export const BROWSER_TESTS = 'test/e2e/demo.browser.';

/** Left out of the whole suite below Node 20 too: NestJS 11 declares `engines: node >= 20`. */
export const NEST11_TESTS = 'test/dropin-project-5/';

/**
 * Run again with PORTICO_HEADER_SHORTCUT=off: the tests of every place that writes, reads or
 * removes a header through the shortcut (src/http/trusted-header.ts: res.send, res.json, the
 * freshness check, x-powered-by, the file sender's headers), and the differential tests of the
 * same responses against express@4.
 */
export const HEADER_SUBSET = [
  'test/res.header-writes.',
  'test/res.send.',
  'test/res.json.',
  'test/res.set.',
  'test/req.fresh.',
  'test/app.set.',
  'test/express.static.',
  'test/res.send-file.',
  'test/res.download.',
  'test/compat/request-response.',
  'test/compat/static.',
];

const MODES = { '--full': 'full', '--subset': 'subset', '--fallback': 'fallback' };
const targets = [];
let mode = 'full';
for (const arg of process.argv.slice(2)) {
  if (arg in MODES) mode = MODES[arg];
  else if (arg === 'current' || /^\d+$/.test(arg)) targets.push({ target: arg, mode });
  else {
    console.error(`test-node: unknown argument ${arg}`);
    process.exit(2);
  }
}
if (targets.length === 0) {
  console.error('usage: node scripts/test-node.mjs [--full | --subset | --fallback] <major | current>...');
  process.exit(2);
}

/** Runs scripts/run-tests.mjs under `node` and returns its counts, echoing its output. */
function run(node, filters, env) {
  return new Promise((resolve) => {
    const child = spawn(node, [join(root, 'scripts', 'run-tests.mjs'), ...filters], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const counts = { pass: 0, fail: 0, cancelled: 0 };
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // The closing counts: `# pass 12` from the TAP reporter, `ℹ pass 12` from the spec reporter
        // (the default of Node 23 and later even when the output is not a terminal).
        const m = /^(?:#|ℹ) (pass|fail|cancelled) (\d+)$/.exec(line);
        if (m) counts[m[1]] = Number(m[2]);
      }
    });
    child.on('close', (code) => resolve({ ...counts, code }));
  });
}

const results = [];
for (const { target, mode } of targets) {
  const node = target === 'current' ? process.execPath : nodeBinary(target);
  const version = target === 'current' ? process.version : execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const runs = [];
  const major = Number(version.slice(1).split('.')[0]);
  if (mode === 'full' && major >= 20) runs.push(['whole suite', [], {}]);
  if (mode === 'full' && major < 20) runs.push([`whole suite but ${BROWSER_TESTS} and ${NEST11_TESTS} (playwright and NestJS 11 need Node 20+)`, ['!' + BROWSER_TESTS, '!' + NEST11_TESTS], {}]);
  if (mode === 'subset') runs.push(['version subset', VERSION_SUBSET, {}]);
  runs.push(['header subset, PORTICO_HEADER_SHORTCUT=off', HEADER_SUBSET, { PORTICO_HEADER_SHORTCUT: 'off' }]);
  for (const [label, filters, env] of runs) {
    console.log(`\n== Node ${version}: ${label}`);
    const started = Date.now();
    const r = await run(node, filters, env);
    results.push({ version, label, ...r, seconds: Math.round((Date.now() - started) / 1000) });
  }
}

console.log('\n== Node versions');
for (const r of results) {
  console.log(`Node ${r.version}, ${r.label}: ${r.pass} passed, ${r.fail} failed, ${r.cancelled} cancelled, exit ${r.code}, ${r.seconds} s`);
}
const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail + r.cancelled, 0);
const failedRuns = results.filter((r) => r.code !== 0 || r.fail > 0 || r.cancelled > 0 || r.pass === 0).length;
console.log(`node-versions: ${pass} passed, ${fail} failed`);
process.exit(failedRuns === 0 ? 0 : 1);
