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
    const flavour = [options.typescript ? 'TypeScript' : 'JavaScript', options.legacy ? 'portico/legacy' : 'portico', options.view === 'none' ? 'no view engine' : options.view];
    out(`Created ${options.name} in ${options.directory} (${flavour.join(', ')}): ${written.length} files.\n\n`);
    out(`  cd ${options.directory}\n  npm install\n  npm start     # http://localhost:3000\n  npm test\n`);
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
