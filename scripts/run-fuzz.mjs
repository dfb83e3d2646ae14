// The long run of the differential fuzz suite (test/compat/fuzz/, docs/fuzzing.md): every area with
// many more generated cases than `npm test` runs, against express@4 (`portico`), express@3.21
// (`portico/legacy`) and express@5.3 (`portico/5`). Deterministic by default, so CI gives the same
// verdict each time; set FUZZ_SEED to explore other cases, FUZZ_RUNS for more or fewer per area.
//   npm run test:fuzz                         # 3000 cases per area, seed 7
//   FUZZ_SEED=$RANDOM npm run test:fuzz       # another part of the input space
// A failure prints the shrunk case, the seed and the path to replay it. At the end, a table gives
// each area's counts and time, grouped by the API compared.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '3000', FUZZ_SEED: process.env.FUZZ_SEED ?? '7' };
console.log(`fuzz: ${env.FUZZ_RUNS} cases per area, seed ${env.FUZZ_SEED}`);

// The line each area prints as it ends (test/fuzz/differential.ts, runArea).
const AREA_LINE = /# fuzz (\S+) \[(\S+)\]: (\d+) cases, (\d+) requests \((\d+) with a known difference\), seed (\d+), ([\d.]+) s/;
const areas = [];
let pending = '';
function scan(text) {
  pending += text;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const m = AREA_LINE.exec(line);
    if (m) areas.push({ area: m[1], api: m[2], cases: +m[3], requests: +m[4], known: +m[5], seconds: +m[7] });
  }
}

const started = Date.now();
const child = spawn(process.execPath, [join(root, 'scripts', 'run-tests.mjs'), 'test/compat/fuzz/'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  scan(chunk.toString('utf8'));
});
child.on('close', (code) => {
  scan('\n');
  const wall = (Date.now() - started) / 1000;
  const pad = (v, n) => String(v).padStart(n);
  console.log(`\nfuzz summary: seed ${env.FUZZ_SEED}, ${env.FUZZ_RUNS} cases per area, ${wall.toFixed(0)} s in all`);
  console.log(`${'API'.padEnd(5)} ${'area'.padEnd(14)} ${pad('cases', 6)} ${pad('requests', 9)} ${pad('known', 6)} ${pad('seconds', 8)}`);
  for (const api of ['4.x', '3.x', '5.x']) {
    for (const a of areas.filter((x) => x.api === api).sort((x, y) => x.area.localeCompare(y.area))) {
      console.log(`${api.padEnd(5)} ${a.area.padEnd(14)} ${pad(a.cases, 6)} ${pad(a.requests, 9)} ${pad(a.known, 6)} ${pad(a.seconds.toFixed(1), 8)}`);
    }
  }
  process.exit(code ?? 1);
});
