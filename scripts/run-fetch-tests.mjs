// The differential suites with Portico reached through `app.fetch` (docs/fetch.md, "Differential
// testing through app.fetch"): every Portico app they start is served by @hono/node-server over
// `app.fetch` while express@3/4/5 stay on node:http (test/helpers/transport.ts). Runs test/compat/
// (the req/res batteries, body parsers, static files and sendFile, and the fuzz suite at its short
// size) and the *.differential.test.ts files, less the files below. Extra arguments are passed on
// to scripts/run-tests.mjs (`node scripts/run-fetch-tests.mjs static` runs the matching files only).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Files left out of the fetch mode: each checks what only node:http (or node:http2) has, or serves
 * no Portico app for the mode to change.
 */
export const NOT_OVER_FETCH = {
  'test/compat/http2.compat.test.ts': 'Portico served by node:http2 against express@4: the HTTP/2 transport, not the fetch one',
  'test/compat/request-target.compat.test.ts':
    'asserts the request-target as sent (a raw `#`, quotes, userinfo, authority) reaching the app; a Fetch Request holds only the parsed URL',
  'test/path-pattern-5.differential.test.ts':
    "asks Portico's pattern matcher in process and serves only express@5.3: no Portico transport to change, and the reference must see the path as written",
  'test/fetch/': 'the app.fetch suites themselves (their *.differential.test.ts compares app.fetch with node:http): over fetch in every mode',
};

const selection = process.argv.slice(2);
const args = [
  ...(selection.length > 0 ? selection : ['test/compat/', '.differential.test.ts']),
  ...Object.keys(NOT_OVER_FETCH).map((file) => '!' + file),
];
const env = { ...process.env, PORTICO_TRANSPORT: 'fetch' };
// The fuzz suite at the size `npm test` runs it.
delete env.FUZZ_RUNS;
const result = spawnSync(process.execPath, [join(root, 'scripts/run-tests.mjs'), ...args], { stdio: 'inherit', cwd: root, env });
process.exit(result.status ?? 1);
