// Command-line options of bench/run.mjs, with the full and quick presets.
import { FRAMEWORKS } from './frameworks.mjs';
import { SCENARIOS } from './scenarios.mjs';
import { LOAD_GENERATORS, defaultLoadGenerator } from './load.mjs';
import { wrkVersion } from './wrk.mjs';

const ALL_SCENARIOS = SCENARIOS.map((s) => s.id);
const ALL_FRAMEWORKS = FRAMEWORKS.map((f) => f.id);

// Quick mode fits in under two minutes including the build: the frameworks the ratios name and
// the scenarios that cover dispatch, routing, bodies, the realistic app, files and start-up.
const QUICK_FRAMEWORKS = ['portico', 'node-http', 'fastify', 'express4'];
const QUICK_SCENARIOS = ['a', 'c', 'e', 'i', 'j', 'k'];

const PRESETS = {
  full: { warmup: 2, duration: 3, rounds: 3, runs: 3, startupRuns: 5 },
  quick: { warmup: 0.5, duration: 2, rounds: 1, runs: 1, startupRuns: 1 },
};

/** The text of --help. */
export function usage() {
  return `Usage: node bench/run.mjs [options]   (npm run bench -- [options] builds first)

  --quick                 subset in under 2 minutes (${QUICK_FRAMEWORKS.join(', ')}; ${QUICK_SCENARIOS.join(', ')}), ${PRESETS.quick.duration} s per cell
  --only=<ids>            scenarios, comma-separated: ${ALL_SCENARIOS.join(', ')}
  --frameworks=<ids>      frameworks, comma-separated: ${ALL_FRAMEWORKS.join(', ')}
  --duration=<s>          measured seconds per cell (full ${PRESETS.full.duration}, quick ${PRESETS.quick.duration})
  --warmup=<s>            warm-up seconds per cell (full ${PRESETS.full.warmup}, quick ${PRESETS.quick.warmup})
  --rounds=<n>            interleaved rounds per cell, the median reported (full ${PRESETS.full.rounds}, quick ${PRESETS.quick.rounds})
  --runs=<n>              whole runs one after the other, the median run reported per cell
                          (full ${PRESETS.full.runs}, quick ${PRESETS.quick.runs})
  --connections=<n>       concurrent connections (50)
  --load=<generator>      wrk or autocannon (default: wrk when it is on PATH, autocannon
                          otherwise; here ${defaultLoadGenerator()})
  --startup-runs=<n>      fresh processes per framework for (j) (full ${PRESETS.full.startupRuns}, quick ${PRESETS.quick.startupRuns})
  --no-pin                do not pin server and load generator to cores
  --check                 start every selected cell and check its answers, without load
  --write                 write BENCHMARKS.md even from a quick or filtered run
                          (an unfiltered full run always writes it)
`;
}

/** Splits a comma list and checks every entry against the known ids. */
function list(value, known, what) {
  const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0 || ids.length === 0) {
    throw new Error(`unknown ${what}: ${unknown.join(', ') || '(none given)'}; known: ${known.join(', ')}`);
  }
  // Keep the canonical order whatever order was typed, so tables read the same every time.
  return known.filter((id) => ids.includes(id));
}

/** A positive number option. */
function positive(value, name) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number, got ${value}`);
  return n;
}

/** The --load option: a known generator that is installed. */
function loadGenerator(value) {
  if (!LOAD_GENERATORS.includes(value)) throw new Error(`unknown load generator ${value}; known: ${LOAD_GENERATORS.join(', ')}`);
  if (value === 'wrk' && !wrkVersion()) throw new Error('--load=wrk: wrk is not on PATH (apt-get install wrk)');
  return value;
}

/** Parses argv into the run's settings; exits with a message on a bad option. */
export function parseOptions(argv) {
  try {
    const flags = {};
    for (const arg of argv) {
      const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
      if (!match) throw new Error(`unexpected argument ${arg}`);
      flags[match[1]] = match[2] === undefined ? true : match[2];
    }
    const known = ['quick', 'only', 'frameworks', 'duration', 'warmup', 'connections', 'rounds', 'runs', 'startup-runs', 'load', 'no-pin', 'write', 'check', 'help'];
    for (const name of Object.keys(flags)) if (!known.includes(name)) throw new Error(`unknown option --${name}`);

    const quick = flags.quick === true;
    const preset = quick ? PRESETS.quick : PRESETS.full;
    const filtered = flags.only !== undefined || flags.frameworks !== undefined;
    const str = (name) => {
      if (typeof flags[name] !== 'string') throw new Error(`--${name} needs a value (--${name}=…)`);
      return flags[name];
    };
    return {
      help: flags.help === true,
      mode: quick ? 'quick' : filtered ? 'partial' : 'full',
      scenarios: flags.only !== undefined ? list(str('only'), ALL_SCENARIOS, 'scenario') : quick ? QUICK_SCENARIOS : ALL_SCENARIOS,
      frameworks:
        flags.frameworks !== undefined ? list(str('frameworks'), ALL_FRAMEWORKS, 'framework') : quick ? QUICK_FRAMEWORKS : ALL_FRAMEWORKS,
      duration: flags.duration !== undefined ? positive(str('duration'), 'duration') : preset.duration,
      warmup: flags.warmup !== undefined ? Number(str('warmup')) || 0 : preset.warmup,
      rounds: flags.rounds !== undefined ? Math.round(positive(str('rounds'), 'rounds')) : preset.rounds,
      runs: flags.runs !== undefined ? Math.round(positive(str('runs'), 'runs')) : preset.runs,
      connections: flags.connections !== undefined ? Math.round(positive(str('connections'), 'connections')) : 50,
      startupRuns: flags['startup-runs'] !== undefined ? Math.round(positive(str('startup-runs'), 'startup-runs')) : preset.startupRuns,
      load: flags.load !== undefined ? loadGenerator(str('load')) : defaultLoadGenerator(),
      noPin: flags['no-pin'] === true,
      write: flags.write === true,
      check: flags.check === true,
    };
  } catch (err) {
    process.stderr.write(`bench: ${err.message}\n\n${usage()}`);
    process.exit(2);
  }
}
