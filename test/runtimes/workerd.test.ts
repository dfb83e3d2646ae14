import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, root, stop } from '../bundling/bundled-app';
import { startWorkerd, wranglerBuild } from '../bundling/workerd-build';
import { BIN, declareBattery, type RuntimeServer } from './battery/run-battery';
import {
  WORKERD_INVALID_URI,
  WORKERD_NODE_HTTP_DATE_HEADERS,
  WORKERD_NODE_HTTP_LENGTH,
  WORKERD_NO_CLIENT_ADDRESS,
  WORKERD_STREAM_LENGTH,
} from './battery/runtime-differences';

// The runtime battery on Cloudflare's runtime: app.cjs's apps, imported from `portico` and
// `portico/5` as an application imports them, bundled by wrangler and run by the npm registry's
// `workerd`, through `export default { fetch: app.fetch }` and through `httpServerHandler` of
// `cloudflare:node` (the apps listening on workerd's node:http). workerd's node:fs has a writable
// /tmp, but what a request writes there is gone when it ends: the Worker writes the battery's
// fixtures into the oracles' folder (under /tmp), with their mtimes, as each request begins, and
// static and sendFile serve them from there.

const APP = join(__dirname, 'battery', 'app.cjs');

/** The Worker: the 4.x and 5.x apps in both modes, each mode's pair a named entrypoint of the bundle. */
const workerEntry = (fixtures: string): string => `import { httpServerHandler } from 'cloudflare:node';
import portico from 'portico';
import portico5 from 'portico/5';
import { buildBatteryApp, writeBatteryFixtures } from ${JSON.stringify(APP)};

const fixtures = ${JSON.stringify(fixtures)};
const build = (major) => buildBatteryApp(major === 5 ? portico5 : portico, { major, fixtures });
// A request's /tmp starts empty: the fixtures are written before the handler sees the request.
const withFixtures = (handler) => ({
  fetch(request, env, ctx) {
    writeBatteryFixtures(fixtures);
    return handler.fetch(request, env, ctx);
  },
});

export const fetch4 = withFixtures({ fetch: build(4).fetch });
export const fetch5 = withFixtures({ fetch: build(5).fetch });
build(4).listen(8084);
build(5).listen(8085);
export const node4 = withFixtures(httpServerHandler({ port: 8084 }));
export const node5 = withFixtures(httpServerHandler({ port: 8085 }));
export default fetch4;
`;

let project: { dir: string; remove: () => void } | undefined;
let bundle: string | undefined;
after(() => project?.remove());

/** Bundles the Worker once for both modes, with the oracles' fixtures folder. */
function build(fixtures: string): { dir: string; file: string } {
  if (project && bundle) return { dir: project.dir, file: bundle };
  assert.ok(fixtures.startsWith('/tmp/'), `the fixtures must be under /tmp, where workerd can write: ${fixtures}`);
  const packageDir = process.env.PORTICO_BATTERY_PACKAGE ?? root;
  assert.ok(existsSync(join(packageDir, 'dist', 'esm', 'index.mjs')), 'run `npm run build` first');
  project = makeProject(packageDir);
  writeFileSync(join(project.dir, 'battery-worker.mjs'), workerEntry(fixtures));
  bundle = wranglerBuild(project.dir, 'battery-worker.mjs', 'out-battery');
  return { dir: project.dir, file: bundle };
}

/** Starts workerd on the bundle, serving the 4.x app of `prefix` (fetch or node) on one port and its 5.x app on another. */
async function startBattery(fixtures: string, prefix: 'fetch' | 'node'): Promise<RuntimeServer> {
  const { dir, file } = build(fixtures);
  const server = await startWorkerd(dir, file, [
    { name: 'v4', entrypoint: `${prefix}4` },
    { name: 'v5', entrypoint: `${prefix}5` },
  ]);
  const version = execFileSync(join(BIN, 'workerd'), ['--version'], { encoding: 'utf8' }).trim();
  return { ports: { 4: server.ports.v4, 5: server.ports.v5 }, engine: version, stop: () => stop(server.child) };
}

// Behind the fetch handler the app sees the request target as the Request's URL has it: dot
// segments kept (as Deno.serve), no fragment; workerd's node:http resolves them (`/a/%2e%2e/b`
// arrives as `/b`).
declareBattery([
  {
    label: 'workerd export default { fetch: app.fetch }',
    start: (fixtures) => startBattery(fixtures, 'fetch'),
    fetchTarget: 'withoutFragment',
    differences: [WORKERD_STREAM_LENGTH],
    excluded: [WORKERD_INVALID_URI, WORKERD_NO_CLIENT_ADDRESS],
  },
  {
    label: 'workerd httpServerHandler (node:http)',
    start: (fixtures) => startBattery(fixtures, 'node'),
    fetchTarget: 'whatwg',
    differences: [WORKERD_NODE_HTTP_LENGTH],
    excluded: [WORKERD_INVALID_URI, WORKERD_NODE_HTTP_DATE_HEADERS],
  },
]);
