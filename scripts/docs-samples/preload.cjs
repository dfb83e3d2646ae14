// Loaded (`node --require`) before a documentation sample runs:
// - `require('portico')` and its subpaths resolve to the module DOCS_SAMPLE_MODULES names (the built
//   dist/, or express@4 / express@3 for the comparison run);
// - every server's listen(), whatever port the sample asks for, binds an ephemeral port on 127.0.0.1,
//   and the first one is reported to the runner over IPC: samples keep `app.listen(3000)` as readers
//   write it.
const Module = require('node:module');
const net = require('node:net');

const modules = JSON.parse(process.env.DOCS_SAMPLE_MODULES || '{}');
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveSampleModule(request, ...rest) {
  if (Object.prototype.hasOwnProperty.call(modules, request)) return modules[request];
  return resolve.call(this, request, ...rest);
};

const listen = net.Server.prototype.listen;
let reported = false;
net.Server.prototype.listen = function listenOnEphemeralPort(...args) {
  globalThis.__docsSampleListening = true;
  const callback = typeof args[args.length - 1] === 'function' ? args[args.length - 1] : undefined;
  this.once('listening', () => {
    if (reported) return;
    reported = true;
    process.send?.({ listening: this.address().port });
  });
  return listen.call(this, { port: 0, host: '127.0.0.1' }, callback);
};
