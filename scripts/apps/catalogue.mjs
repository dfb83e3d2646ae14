// The applications `npm run test:apps` runs: packages whose published tarball carries their own
// test suite, at a pinned version so that a change in them never reads as a change in Portico.
// `express` is the major version the application is written for (3 runs on `portico/legacy`);
// `mocha` are the arguments its own `npm test` gives mocha (the reporter is always ours).
// `leftOut` are tests not run, each a regular expression over the full title (given to mocha as
// `--grep … --invert`) with the reason; docs/compatibility.md lists them too. Only tests whose
// outcome does not depend on Express are left out: those that need the internet, or a timing the
// machine may not meet, and so could differ between two runs for reasons of their own.

/** @type {Array<{ name: string, version: string, express: 3 | 4, mocha: string[], leftOut?: Array<{ grep: string, reason: string }> }>} */
export const applications = [
  {
    name: 'express-http-proxy',
    version: '2.1.2',
    express: 4,
    mocha: ['test', '--recursive'],
    leftOut: [
      {
        grep: '^userResDecorator (conditions when userResDecorator returns a Promise|test userResDecorator on html response from github) is able to read and manipulate the response$',
        reason: 'the two tests proxy to https://github.com, which CI cannot reach',
      },
    ],
  },
  {
    name: 'express-promise-router',
    version: '4.1.1',
    express: 4,
    mocha: ['test/*.test.js'],
    leftOut: [
      {
        grep: '^TypeScript should compile',
        reason: 'runs the TypeScript compiler on its typings under a 20-second limit, which a loaded machine misses; it does not involve Express at run time',
      },
    ],
  },
  {
    name: 'express-hbs',
    version: '2.4.0',
    express: 4,
    mocha: [],
  },
  {
    name: 'express-sslify',
    version: '1.2.0',
    express: 4,
    mocha: ['test'],
  },
  {
    name: 'express-mung',
    version: '0.5.1',
    express: 4,
    mocha: [],
  },
  {
    name: 'express-interceptor',
    version: '1.2.0',
    express: 4,
    mocha: [],
  },
  {
    name: 'express-form',
    version: '0.12.6',
    express: 4,
    mocha: [],
  },
  {
    name: 'express-partials',
    version: '0.3.0',
    express: 3,
    mocha: [],
  },
];
