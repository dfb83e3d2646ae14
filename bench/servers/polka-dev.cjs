'use strict';
// Polka with sirv in `dev: true` mode, for (k) only: sirv then stats the file on every request, as
// Express's static middleware (and so Portico) must, instead of answering from the snapshot of the
// directory its default mode takes at start-up. The same contract as Portico's, so the (k) peer to
// compare with; the default Polka server stays in the main tables as a different contract.

const polka = require('./polka.cjs');
const common = require('./common.cjs');

/** Starts the (k) app with sirv re-statting files; other scenarios are not served by this variant. */
function start(scenario, port) {
  if (scenario !== 'k') return Promise.reject(new Error(`polka-dev serves only scenario k, not ${scenario}`));
  return polka.start(scenario, port, { dev: true });
}

module.exports = { start };
if (require.main === module) common.runFromCli(module.exports);
