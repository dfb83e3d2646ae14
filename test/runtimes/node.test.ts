import { declareBattery, type BatteryMode } from './battery/run-battery';
import { TEXT_PLAIN_DEFAULT } from './battery/runtime-differences';

// The runtime battery on Node 18, 20, 22 and 24, each binary from the npm registry's node-<platform>
// packages (scripts/node-binary.mjs, as `npm run test:node` gets them): Portico through node:http
// (app.listen) and through app.fetch behind @hono/node-server.

/** The Node binary of `major`: this process's own when it is that version. */
async function node(major: number): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const { nodeBinary } = await import('../../scripts/node-binary.mjs');
  return nodeBinary(major);
}

const modes: BatteryMode[] = [];
for (const major of [18, 20, 22, 24]) {
  modes.push({ label: `node ${major} node:http`, command: () => node(major), args: [], mode: 'node-http' });
  modes.push({
    label: `node ${major} app.fetch (@hono/node-server)`,
    command: () => node(major),
    args: [],
    mode: 'node-fetch',
    fetchTarget: 'whatwg',
    differences: [TEXT_PLAIN_DEFAULT],
  });
}
declareBattery(modes);
