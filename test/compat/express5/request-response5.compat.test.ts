import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express5 from 'express5';
import portico5 from '../../../src/express5/index';
import { startServer } from '../../helpers/server';
import { refusedStatus } from '../../helpers/transport';
import { allCases, build, comparable, exchange, type Framework } from '../request-response-cases';

/*
 * The req/res differential cases of Express 4, run on portico/5 against express@5.3: the same
 * handlers, now with 5.x semantics on both sides (removed methods fail the same way, `req.query`
 * is parsed by the simple parser, numbers sent as JSON, checked status codes…).
 */
describe('req and res of portico/5 against express@5.3', () => {
  for (const [group, cases] of allCases) {
    describe(group, () => {
      for (const c of cases) {
        it(`matches express@5.3: ${c.name}`, async () => {
          const ours = await startServer(build(portico5 as unknown as Framework, c));
          const theirs = await startServer(build(express5 as unknown as Framework, c));
          try {
            const [p, e] = [await exchange(ours, c), await exchange(theirs, c)];
            // Under app.fetch, a status of 600–999 is refused (docs/fetch.md).
            if (!refusedStatus(p, e)) assert.deepEqual(comparable(p, c.mask === true), comparable(e, c.mask === true));
          } finally {
            await ours.close();
            await theirs.close();
          }
        });
      }
    });
  }
});
