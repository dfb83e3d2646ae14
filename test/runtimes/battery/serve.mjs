// Serves the battery's app (app.cjs) on the runtime running this file, and prints
// `READY <port of the 4.x app> <port of the 5.x app> <engine>` once both listen on 127.0.0.1.
//
//   <runtime> serve.mjs <mode> <fixtures folder> [<package folder>]
//
// Modes: `node-http` (app.listen, the runtime's node:http), `bun-serve` (Bun.serve with app.fetch),
// `deno-serve` (Deno.serve with app.fetch), `node-fetch` (app.fetch behind @hono/node-server).
// The package folder holds the built package (dist/); by default this repository's.
// Plain JavaScript that Node 18+, Bun and Deno (`deno run -A`) all run as it is.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const [mode, fixtures, packageDir = join(here, '..', '..', '..')] = process.argv.slice(2);
const { buildBatteryApp } = require('./app.cjs');

const portico4 = require(join(packageDir, 'dist', 'index.js'));
const portico5 = require(join(packageDir, 'dist', 'express5', 'index.js'));

/** Listens with `app` in the chosen mode and resolves with the port. */
async function listen(app) {
  if (mode === 'node-http') {
    return new Promise((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server.address().port));
      server.on('error', reject);
    });
  }
  if (typeof app.fetch !== 'function') throw new Error(`mode ${mode}: the app has no fetch method`);
  if (mode === 'bun-serve') {
    const server = globalThis.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
    return server.port;
  }
  if (mode === 'deno-serve') {
    return new Promise((resolve) => {
      globalThis.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => resolve(port) }, app.fetch);
    });
  }
  if (mode === 'node-fetch') {
    const { serve } = require('@hono/node-server');
    return new Promise((resolve) => {
      serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
    });
  }
  throw new Error(`unknown mode: ${mode}`);
}

const port4 = await listen(buildBatteryApp(portico4, { major: 4, fixtures }));
const port5 = await listen(buildBatteryApp(portico5, { major: 5, fixtures }));
// Bun runs JavaScriptCore; Node and Deno run V8, each its own version.
const engine = globalThis.Bun ? `bun ${globalThis.Bun.version}` : `v8 ${process.versions.v8}`;
process.stdout.write(`READY ${port4} ${port5} ${engine}\n`);
