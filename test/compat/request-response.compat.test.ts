import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../../src/index';
import { startServer } from '../helpers/server';
import { refusedStatus } from '../helpers/transport';
import { allCases, build, comparable, exchange, type Framework } from './request-response-cases';

describe('req and res against express@4', () => {
  let total = 0;
  for (const [, cases] of allCases) total += cases.length;

  it('covers at least 150 cases', () => {
    assert.ok(total >= 150, `only ${total} cases`);
  });

  for (const [group, cases] of allCases) {
    describe(group, () => {
      for (const c of cases) {
        it(`matches express@4: ${c.name}`, async () => {
          const ours = await startServer(build(portico as unknown as Framework, c));
          const theirs = await startServer(build(express as unknown as Framework, c));
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
