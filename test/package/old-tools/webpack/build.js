// `node webpack/build.js <webpack package> <output folder>`: bundles webpack/app.js for Node with
// the given webpack (`webpack` is 4, `webpack5` is 5), Portico included in the bundle.
const path = require('path');
const webpack = require(process.argv[2]);
const output = path.resolve(process.argv[3]);

webpack(
  {
    mode: 'production',
    target: 'node',
    entry: path.join(__dirname, 'app.js'),
    output: { path: output, filename: 'bundle.js', libraryTarget: 'commonjs2', hashFunction: 'sha256' },
    optimization: { minimize: false },
    // View engines are required by name when an app first renders; this app renders none.
    stats: 'errors-warnings',
  },
  (err, stats) => {
    if (err) throw err;
    if (stats.hasErrors()) {
      console.error(stats.toString('errors-only'));
      process.exit(1);
    }
    console.log(stats.toString('errors-warnings'));
  },
);
