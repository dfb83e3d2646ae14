#!/usr/bin/env node
/**
 * The `portico` command. `npx portico init my-app` writes a new project (src/starter/);
 * `npx portico doctor [dir]` reports how an existing Express project would fare (src/doctor/).
 * See `portico --help`.
 */
import { doctorCommand } from './doctor/doctor-command';
import { generateProject } from './starter/generate';
import { parseCommand, USAGE } from './starter/options';

/** Runs the command line `args`, `doctor` included (which runs tests, so the exit code comes later). */
export function runCli(args: readonly string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  if (args[0] === 'doctor') return doctorCommand(args.slice(1), out, err);
  return Promise.resolve(main(args, out, err));
}

const RUNTIME_NAMES = { node: 'Node', bun: 'Bun', deno: 'Deno', workers: 'Cloudflare Workers' } as const;

/** What to type after `cd` into a new project, by runtime. */
const NEXT_STEPS = {
  node: '  npm install\n  npm start     # http://localhost:3000\n  npm test\n',
  bun: '  bun install\n  bun start     # http://localhost:3000\n  bun test\n',
  deno: '  deno install\n  deno task start   # http://localhost:3000\n  deno task test\n',
  workers: '  npm install\n  npm start     # wrangler dev\n  npm test\n',
} as const;

/** Runs the command line `args` of `init` and `--help`, and answers the exit code. */
export function main(args: readonly string[], out: (text: string) => void, err: (text: string) => void): number {
  const command = parseCommand(args);
  if (command.kind === 'help') {
    out(USAGE);
    return 0;
  }
  if (command.kind === 'error') {
    err(`portico: ${command.message}\n\n${USAGE}`);
    return 2;
  }
  const { options } = command;
  try {
    const written = generateProject(options);
    const flavour = [options.typescript ? 'TypeScript' : 'JavaScript', options.legacy ? 'portico/legacy' : options.express5 ? 'portico/5' : 'portico', options.view === 'none' ? 'no view engine' : options.view];
    if (options.runtime !== 'node') flavour.push(`on ${RUNTIME_NAMES[options.runtime]}`);
    out(`Created ${options.name} in ${options.directory} (${flavour.join(', ')}): ${written.length} files.\n\n`);
    out(`  cd ${options.directory}\n${NEXT_STEPS[options.runtime]}`);
    return 0;
  } catch (e) {
    err(`portico: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2), (t) => process.stdout.write(t), (t) => process.stderr.write(t)).then((code) => {
    process.exitCode = code;
  });
}
