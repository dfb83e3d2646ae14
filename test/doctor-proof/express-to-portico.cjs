// Preloaded with `node --require` (through NODE_OPTIONS) by the proof tests: every `require('express')`
// and `require('express/lib/…')` of the process gets Portico instead (`portico/legacy` when
// PORTICO_LEGACY=1, `portico/5` when PORTICO_EXPRESS5=1). It is a second way of running a suite on Portico, independent of the doctor's
// copy-and-replace, so that each can check the other.
'use strict';
const Module = require('node:module');
const path = require('node:path');

const root = process.env.PORTICO_ROOT;
if (!root) throw new Error('express-to-portico.cjs: PORTICO_ROOT is not set');
const legacy = process.env.PORTICO_LEGACY === '1';
const express5 = process.env.PORTICO_EXPRESS5 === '1';
const entry = legacy ? 'legacy/index.js' : express5 ? 'express5/index.js' : 'index.js';
const resolve = Module._resolveFilename;

Module._resolveFilename = function resolveExpressToPortico(request, parent, ...rest) {
  if (request === 'express') {
    return resolve.call(this, path.join(root, 'dist', entry), parent, ...rest);
  }
  if (request.startsWith('express/lib/')) {
    return resolve.call(this, path.join(root, 'dist', request.slice('express/'.length)), parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
