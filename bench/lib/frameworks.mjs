// The frameworks under test, in table order, with the packages whose versions the report lists.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = join(BENCH_DIR, '..');

export const FRAMEWORKS = [
  { id: 'portico', label: 'Portico', packages: [] },
  { id: 'portico5', label: 'Portico 5 (portico/5)', packages: [] },
  // The same app with `app.enable('deferred dispatch')`: each request handed to it in setImmediate, as
  // 0http schedules. A column of its own in the routing scenarios, and a row of "Request scheduling".
  { id: 'portico-deferred', label: 'Portico, `deferred dispatch`', packages: [], scenarios: ['a', 'b', 'c', 'd'] },
  { id: 'node-http', label: 'node:http', packages: ['cookie'] },
  { id: 'fastify', label: 'Fastify 5', packages: ['fastify', '@fastify/static', '@fastify/formbody'] },
  { id: 'hono', label: 'Hono', packages: ['hono', '@hono/node-server'] },
  { id: 'polka', label: 'Polka', packages: ['polka', 'sirv', 'body-parser'] },
  // 0http has no res.json and no body parser of its own: the routing scenarios only.
  { id: '0http', label: '0http', packages: ['0http'], scenarios: ['a', 'b', 'c', 'd'] },
  { id: 'koa', label: 'Koa', packages: ['koa', '@koa/router', 'koa-bodyparser', 'koa-static'] },
  { id: 'express4', label: 'Express 4', packages: ['express'] },
  { id: 'express5', label: 'Express 5', packages: ['express5'] },
  // A variant measured only where it changes the contract: (k) with sirv statting on every request.
  // It has a table of its own, not a column of the main ones (see `variantOf`).
  // 0http calling its router at once, the other request scheduling: measured in (a) and (b) for the
  // "Request scheduling" table only, to tell scheduling from routing.
  { id: '0http-direct', label: '0http, `prioRequestsProcessing: false`', packages: ['0http'], scenarios: ['a', 'b'], variantOf: '0http' },
  { id: 'polka-dev', label: 'Polka, sirv `dev: true`', packages: ['polka', 'sirv'], scenarios: ['k'], variantOf: 'polka' },
];

/** Whether `framework` is measured in `scenarioId` (a variant only in the scenarios it names). */
export function servesScenario(framework, scenarioId) {
  return !framework.scenarios || framework.scenarios.includes(scenarioId);
}

/** Looks a framework up by id. */
export function frameworkById(id) {
  return FRAMEWORKS.find((f) => f.id === id);
}

/** The server file that runs a framework's scenarios. */
export function serverFile(framework) {
  return join(BENCH_DIR, 'servers', `${framework.id}.cjs`);
}
