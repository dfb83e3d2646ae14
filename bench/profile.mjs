// Profiles one framework's server (Portico by default) under load with --cpu-prof and prints where
// the CPU time went. Usage: node bench/profile.mjs <scenario> [--framework=portico] [--duration=10]
//   [--connections=50] [--load=wrk|autocannon] [--top=30] [--no-pin]. Run `npm run build` first.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, FRAMEWORKS, ROOT_DIR, frameworkById } from './lib/frameworks.mjs';
import { SCENARIOS, scenarioById } from './lib/scenarios.mjs';
import { send, verify } from './lib/http-client.mjs';
import { LOAD_GENERATORS, defaultLoadGenerator, runLoad, startServer } from './lib/load.mjs';
import { wrkVersion } from './lib/wrk.mjs';
import { detectPinning, installCleanup, stop } from './lib/processes.mjs';
import { formatSummary, summariseProfile } from './lib/cpu-profile.mjs';

const loadScenarios = SCENARIOS.filter((s) => !s.startup).map((s) => s.id);

/** Parses `<scenario> [--name=value…]`; exits with usage on anything else. */
function parseArgs(argv) {
  const usage = `usage: node bench/profile.mjs <${loadScenarios.join('|')}> [--framework=${FRAMEWORKS.map((f) => f.id).join('|')}] [--duration=10] [--connections=50] [--load=${LOAD_GENERATORS.join('|')}] [--top=30] [--no-pin]\n`;
  const opts = { framework: 'portico', duration: 10, connections: 50, load: null, top: 30, noPin: false, scenario: null };
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      if (opts.scenario) return fail(usage);
      opts.scenario = arg;
    } else if (match[1] === 'no-pin') opts.noPin = true;
    else if (match[1] === 'framework' && frameworkById(match[2])) opts.framework = match[2];
    else if (match[1] === 'load' && LOAD_GENERATORS.includes(match[2])) opts.load = match[2];
    else if (['duration', 'connections', 'top'].includes(match[1]) && Number(match[2]) > 0) opts[match[1]] = Number(match[2]);
    else return fail(usage);
  }
  if (!loadScenarios.includes(opts.scenario)) return fail(usage);
  // The same default as the runner, so that a profile sees the load a benchmark cell sees.
  if (!opts.load) opts.load = defaultLoadGenerator();
  if (opts.load === 'wrk' && !wrkVersion()) return fail('profile: --load=wrk: wrk is not on PATH (apt-get install wrk)\n');
  return opts;
}

/** Prints a message and exits with status 2. */
function fail(message) {
  process.stderr.write(message);
  process.exit(2);
}

const opts = parseArgs(process.argv.slice(2));
installCleanup();
if (opts.framework === 'portico' && !process.env.PORTICO_BENCH_MODULE && !existsSync(join(ROOT_DIR, 'dist', 'index.js'))) {
  fail('profile: dist/index.js is missing; run `npm run build` first.\n');
}

const pinning = detectPinning(opts.noPin);
const scenario = scenarioById(opts.scenario);
const framework = frameworkById(opts.framework);
const profileDir = join(BENCH_DIR, 'results', 'profiles');
const profileName = `${framework.id}-${scenario.id}.cpuprofile`;
mkdirSync(profileDir, { recursive: true });
rmSync(join(profileDir, profileName), { force: true });

process.stdout.write(
  `profile: ${framework.label}, scenario (${scenario.id}) ${scenario.title}; ${opts.duration} s under ${opts.connections} connections from ${opts.load}` +
    `${pinning.enabled ? '' : ` (pinning off: ${pinning.reason})`}\n`,
);
if (framework.id === 'portico' && process.env.PORTICO_BENCH_MODULE) {
  process.stdout.write(`profile: WARNING: Portico is stood in for by ${process.env.PORTICO_BENCH_MODULE} (PORTICO_BENCH_MODULE)\n`);
}
const { server, port } = await startServer(framework, scenario.id, pinning, [
  '--cpu-prof',
  `--cpu-prof-dir=${profileDir}`,
  `--cpu-prof-name=${profileName}`,
]);
let load;
try {
  const requests = scenario.prepare ? await scenario.prepare((r) => send(port, r)) : scenario.requests;
  await verify(port, requests);
  load = await runLoad(port, requests, { connections: opts.connections, warmup: 0, duration: opts.duration, load: opts.load }, pinning);
} catch (err) {
  await stop(server);
  fail(`profile: ${err.message}\n`);
} finally {
  // SIGTERM makes the server exit normally, which is when V8 writes the profile.
  await stop(server, 10000);
}

const profilePath = join(profileDir, profileName);
if (!readdirSync(profileDir).includes(profileName)) fail(`profile: no profile was written to ${profilePath}\n`);
process.stdout.write(`${Math.round(load.rps).toLocaleString('en-US')} req/s, p99 ${load.p99} ms while profiling (profiling slows the server)\n\n`);
process.stdout.write(`${formatSummary(summariseProfile(profilePath), opts.top)}\n\n`);
process.stdout.write(`profile: ${profilePath} (open in Chrome DevTools > Performance, or VS Code)\n`);
