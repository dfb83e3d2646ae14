import { join } from 'node:path';
import { BIN, declareBattery } from './battery/run-battery';
import { HEAD_ZERO_LENGTH, LENGTH_OF_ENDED_STREAM, OCTET_STREAM_DEFAULT } from './battery/runtime-differences';

// The runtime battery on Bun, from the `bun` devDependency (the npm registry's build of Bun):
// Portico through Bun's node:http (app.listen) and through Bun.serve with app.fetch.
const bun = join(BIN, 'bun');

declareBattery([
  { label: 'bun node:http', command: bun, args: [], mode: 'node-http' },
  {
    label: 'bun Bun.serve app.fetch',
    command: bun,
    args: [],
    mode: 'bun-serve',
    fetchTarget: 'whatwg',
    differences: [HEAD_ZERO_LENGTH, LENGTH_OF_ENDED_STREAM, OCTET_STREAM_DEFAULT],
  },
]);
