/** What `portico init` was asked for, read from its command line. */
export interface StarterOptions {
  /** The folder to write the project into (relative to the working directory, or absolute). */
  directory: string;
  /** The project's name in package.json: the folder's name, lower-cased and made npm-safe. */
  name: string;
  view: ViewEngine;
  typescript: boolean;
  /** Start from `portico/legacy`, the Express 3.x interface. */
  legacy: boolean;
  /** Start from `portico/5`, the Express 5 interface. */
  express5: boolean;
  /** Write into a folder that is not empty. */
  force: boolean;
  /** Where the project runs: `node` (node:http, the default), or `app.fetch` on Bun, Deno or Workers. */
  runtime: Runtime;
}

export const RUNTIMES = ['node', 'bun', 'deno', 'workers'] as const;
export type Runtime = (typeof RUNTIMES)[number];

export const VIEW_ENGINES = ['ejs', 'pug', 'hbs', 'none'] as const;
export type ViewEngine = (typeof VIEW_ENGINES)[number];

export type ParsedCommand = { kind: 'help' } | { kind: 'init'; options: StarterOptions } | { kind: 'error'; message: string };

export const USAGE = `Usage: portico init <folder> [options]
       portico doctor [folder] [--json] [--run "<test command>"]   (portico doctor --help)

Writes a new Portico project into <folder>: package.json (start, dev, test), src/app and
src/server, routes/, views/, public/, a 404 page, an error handler and a first test over HTTP.

Options:
  --view <engine>  ejs (default), pug, hbs, or none (no view engine: static HTML and JSON)
  --ts             TypeScript, with Portico's own types
  --legacy         start from portico/legacy, the Express 3.x interface
  --express5       start from portico/5, the Express 5 interface
  --runtime <name> node (default), bun, deno or workers: the app served through app.fetch by
                   Bun.serve, Deno.serve or Cloudflare Workers, tested with that runtime's runner
                   (JavaScript, no view engine; not with --ts, --legacy or --view)
  --force          write into a folder that is not empty (files of the same name are replaced)
  -h, --help       show this help

Then: cd <folder> && npm install && npm start
`;

/** Turns a folder name into a valid npm package name. */
export function packageNameFor(folder: string): string {
  const base = folder.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? '';
  const name = base.toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[._-]+/, '').slice(0, 214);
  return name === '' ? 'portico-app' : name;
}

/** Reads `init <folder> [options]` (the arguments after the program name). */
export function parseCommand(args: readonly string[]): ParsedCommand {
  if (args.length === 0 || args.includes('-h') || args.includes('--help') || args[0] === 'help') return { kind: 'help' };
  if (args[0] !== 'init') return { kind: 'error', message: `unknown command: ${args[0]} (try \`portico init my-app\` or \`portico doctor\`)` };
  let directory: string | undefined;
  let view: ViewEngine = 'ejs';
  let typescript = false;
  let legacy = false;
  let express5 = false;
  let force = false;
  let runtime: Runtime = 'node';
  let viewGiven = false;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--ts' || arg === '--typescript') typescript = true;
    else if (arg === '--legacy') legacy = true;
    else if (arg === '--express5') express5 = true;
    else if (arg === '--force') force = true;
    else if (arg === '--view' || arg.startsWith('--view=')) {
      const value = arg === '--view' ? args[++i] : arg.slice('--view='.length);
      if (!(VIEW_ENGINES as readonly string[]).includes(value ?? '')) {
        return { kind: 'error', message: `--view takes one of ${VIEW_ENGINES.join(', ')}${value === undefined ? '' : `, not ${value}`}` };
      }
      view = value as ViewEngine;
      viewGiven = true;
    } else if (arg === '--runtime' || arg.startsWith('--runtime=')) {
      const value = arg === '--runtime' ? args[++i] : arg.slice('--runtime='.length);
      if (!(RUNTIMES as readonly string[]).includes(value ?? '')) {
        return { kind: 'error', message: `--runtime takes one of ${RUNTIMES.join(', ')}${value === undefined ? '' : `, not ${value}`}` };
      }
      runtime = value as Runtime;
    } else if (arg.startsWith('-')) return { kind: 'error', message: `unknown option: ${arg}` };
    else if (directory === undefined) directory = arg;
    else return { kind: 'error', message: `one folder only (got ${directory} and ${arg})` };
  }
  if (directory === undefined) return { kind: 'error', message: 'name the folder to create: portico init my-app' };
  if (legacy && express5) return { kind: 'error', message: '--legacy (Express 3.x) and --express5 (Express 5) exclude each other' };
  if (runtime !== 'node') {
    // The fetch projects are one small JSON app in JavaScript modules, which every runtime runs unbuilt.
    const refused = [typescript && '--ts', legacy && '--legacy', viewGiven && view !== 'none' && `--view ${view}`].filter(Boolean);
    if (refused.length > 0) return { kind: 'error', message: `--runtime ${runtime} writes a JavaScript project without views: not with ${refused.join(', ')}` };
    view = 'none';
  }
  return { kind: 'init', options: { directory, name: packageNameFor(directory), view, typescript, legacy, express5, force, runtime } };
}
