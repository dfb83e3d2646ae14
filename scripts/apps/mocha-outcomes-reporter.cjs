// A mocha reporter that appends one JSON line per test outcome to the file named by
// PORTICO_APPS_OUTCOMES. It only listens to the runner's events, which every mocha from 1.x to
// 11.x emits the same way, so one file serves every application whatever mocha it pins. Lines are
// written as they happen, so a suite that crashes or hangs still leaves the outcomes it reached.
'use strict';
const fs = require('fs');

function PorticoOutcomesReporter(runner) {
  const file = process.env.PORTICO_APPS_OUTCOMES;
  if (!file) throw new Error('PORTICO_APPS_OUTCOMES is not set');
  const write = (record) => fs.appendFileSync(file, JSON.stringify(record) + '\n');
  let passed = 0;
  let failed = 0;
  // Two tests may share a full title; the second is named `title (#2)`. The same test reported
  // twice (a second `done()`, an error after it passed) keeps its name.
  const names = new WeakMap();
  const counts = new Map();
  const nameOf = (test) => {
    let name = names.get(test);
    if (name === undefined) {
      const title = test.fullTitle();
      const count = (counts.get(title) || 0) + 1;
      counts.set(title, count);
      name = count === 1 ? title : `${title} (#${count})`;
      names.set(test, name);
    }
    return name;
  };
  runner.on('pass', (test) => {
    passed++;
    write({ outcome: 'passed', title: nameOf(test) });
  });
  runner.on('fail', (test, err) => {
    failed++;
    const message = err && err.message !== undefined ? String(err.message) : String(err);
    // A failing hook is reported too: the tests it stops never report, and the comparison
    // names them as missing.
    write({ outcome: 'failed', hook: test.type === 'hook', title: nameOf(test), error: message.slice(0, 400) });
    process.stdout.write(`  failed: ${test.fullTitle()}\n    ${message.split('\n')[0].slice(0, 200)}\n`);
  });
  runner.on('pending', (test) => write({ outcome: 'pending', title: nameOf(test) }));
  runner.on('end', () => {
    write({ end: true });
    process.stdout.write(`  ${passed} passed, ${failed} failed\n`);
  });
}

module.exports = PorticoOutcomesReporter;
