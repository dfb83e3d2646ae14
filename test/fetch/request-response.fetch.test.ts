import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import express5 from 'express5';
import portico from '../../src/index';
import portico5 from '../../src/express5/index';
import { startServer } from '../helpers/server';
import { allCases, build, comparable, exchange, type Framework } from '../compat/request-response-cases';
import { fetchMode } from './fetch-mode';

/**
 * The req/res differential battery, with Portico reached through `app.fetch` (behind
 * @hono/node-server) and express@4 over node:http. Every case must match but the ones listed
 * below, each a difference docs/fetch.md documents; those must still differ (the list stays true).
 */

/** Case name → the documented reason it differs over fetch. */
export const DOCUMENTED_DIFFERENCES: Record<string, string> = {
  'Host empty': 'the adapter refuses a request whose Host makes no URL (400)',
  'Host missing (HTTP/1.0)': 'the adapter refuses a request without Host (400)',
  'Host unterminated IPv6': 'the adapter refuses a request whose Host makes no URL (400)',
  'Host port only': 'the adapter refuses a request whose Host makes no URL (400)',
  'Host brackets reversed': 'the adapter refuses a request whose Host makes no URL (400)',
  'res.status 600 is written': 'a Response status is 200–599: ERR_PORTICO_FETCH_STATUS, the error page',
  'res.redirect 205 keeps its body': 'a 205 Response has no body',
  'Latin-1 attachment name': 'node:http writes the head in UTF-8 when a short string body shares its write; a Response header is Latin-1',
  'Latin-1 header, untagged short string': 'node:http writes the head in UTF-8 when a short string body shares its write; a Response header is Latin-1',
  'res.attachment non-Latin-1 name': 'node:http writes the head in UTF-8 when a short string body shares its write; a Response header is Latin-1',
};

/** Declares the battery for `ours` (served over app.fetch) against `oracle` over node:http. */
function describeBattery(title: string, oracleName: string, ours: Framework, oracle: Framework, differences: Record<string, string>): void {
  const overFetch = fetchMode(ours);
  describe(title, () => {
    for (const [group, cases] of allCases) {
      describe(group, () => {
        for (const c of cases) {
          const reason = differences[c.name];
          it(reason === undefined ? `matches ${oracleName}: ${c.name}` : `differs as documented (${reason}): ${c.name}`, async () => {
            const subject = await startServer(build(overFetch, c));
            const reference = await startServer(build(oracle, c));
            try {
              const [p, e] = [await exchange(subject, c), await exchange(reference, c)];
              if (reason === undefined) assert.deepEqual(comparable(p, c.mask === true), comparable(e, c.mask === true));
              else assert.notDeepEqual(comparable(p, c.mask === true), comparable(e, c.mask === true));
            } finally {
              await subject.close();
              await reference.close();
            }
          });
        }
      });
    }
  });
}

/** On 5.x these two answer the same over both transports (the battery checks it): they are no difference there. */
const DIFFERENCES_5 = { ...DOCUMENTED_DIFFERENCES };
delete DIFFERENCES_5['Latin-1 attachment name'];
delete DIFFERENCES_5['res.attachment non-Latin-1 name'];

describeBattery('req and res over app.fetch against express@4', 'express@4', portico as unknown as Framework, express as unknown as Framework, DOCUMENTED_DIFFERENCES);
describeBattery('req and res of portico/5 over app.fetch against express@5.3', 'express@5.3', portico5 as unknown as Framework, express5 as unknown as Framework, DIFFERENCES_5);
