// The rolling-restart tests under deliberate CPU contention, several rounds: node:cluster
// (test/deployment/rolling-restart.test.ts) and PM2 (test/deployment/pm2.test.ts), each run
// while busy processes spin on every core. Every round must pass (zero failed requests, zero lost
// sessions); the figures of each round are printed as a Markdown table (docs/deployment.md
// quotes them). `npm run test:deployment` runs it.
// CONTENDED_ROUNDS (default 3) and CONTENDED_BUSY (busy processes, default 2) change the run.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.CONTENDED_ROUNDS) || 3;
const busyCount = Number(process.env.CONTENDED_BUSY) || 2;
const suites = [
  { name: 'node:cluster, SIGHUP to each of 2 primaries', file: 'test/deployment/rolling-restart.test.ts', figures: /rolling restart under load: (.*)/ },
  { name: 'PM2, pm2 reload', file: 'test/deployment/pm2.test.ts', figures: /pm2 reload under load: (.*)/ },
];

// Pinned to every core, as the tests' processes are: they compete for the same CPUs.
const cores = Array.from({ length: availableParallelism() }, (_, i) => i).join(',');
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
const busy = Array.from({ length: busyCount }, () => {
  const spin = [process.execPath, '-e', 'for(;;){}'];
  return hasTaskset ? spawn('taskset', ['-c', cores, ...spin], { stdio: 'ignore' }) : spawn(spin[0], spin.slice(1), { stdio: 'ignore' });
});
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopBusy);
process.on('SIGINT', () => process.exit(130));

function runSuite(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'run-tests.mjs'), file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const rows = [];
let failed = 0;
console.log(`${rounds} rounds, ${busyCount} busy processes on cores ${cores}${hasTaskset ? '' : ' (no taskset: not pinned)'}`);
for (let round = 1; round <= rounds; round++) {
  for (const suite of suites) {
    const started = Date.now();
    const { code, output } = await runSuite(suite.file);
    const figures = suite.figures.exec(output)?.[1] ?? '(no figures: see the output above)';
    if (code !== 0) {
      failed++;
      console.log(output);
    }
    const row = `| ${round} | ${suite.name} | ${code === 0 ? 'pass' : 'FAIL'} | ${figures} | ${((Date.now() - started) / 1000).toFixed(0)} s |`;
    console.log(row);
    rows.push(row);
  }
}
stopBusy();
console.log(['', '| Round | Restart | Result | Figures | Test file time |', '| --- | --- | --- | --- | --- |', ...rows].join('\n'));
process.exit(failed ? 1 : 0);
