// The long run of the differential fuzz suite (test/compat/fuzz/, docs/fuzzing.md): every area with
// many more generated cases than `npm test` runs. Deterministic by default, so CI gives the same
// verdict each time; set FUZZ_SEED to explore other cases, FUZZ_RUNS for more or fewer per area.
//   npm run test:fuzz                         # 3000 cases per area, seed 7
//   FUZZ_SEED=$RANDOM npm run test:fuzz       # another part of the input space
// A failure prints the shrunk case, the seed and the path to replay it.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '3000', FUZZ_SEED: process.env.FUZZ_SEED ?? '7' };
console.log(`fuzz: ${env.FUZZ_RUNS} cases per area, seed ${env.FUZZ_SEED}`);
const result = spawnSync(process.execPath, [join(root, 'scripts', 'run-tests.mjs'), 'test/compat/fuzz/'], { stdio: 'inherit', cwd: root, env });
process.exit(result.status ?? 1);
