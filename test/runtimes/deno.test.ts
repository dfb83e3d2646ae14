import { join } from 'node:path';
import { BIN, declareBattery } from './battery/run-battery';
import { HEAD_ZERO_LENGTH } from './battery/runtime-differences';

// The runtime battery on Deno, from the `deno` devDependency (the npm registry's build of Deno),
// run with `deno run -A`: Portico's CommonJS build is loaded with createRequire and resolves its
// dependencies from this repository's node_modules. Portico through Deno's node:http (app.listen)
// and through Deno.serve with app.fetch.
const deno = join(BIN, 'deno');

declareBattery([
  { label: 'deno node:http', command: deno, args: ['run', '-A'], mode: 'node-http' },
  {
    label: 'deno Deno.serve app.fetch',
    command: deno,
    args: ['run', '-A'],
    mode: 'deno-serve',
    fetchTarget: 'withoutFragment',
    differences: [HEAD_ZERO_LENGTH],
  },
]);
