import { describe, it } from 'node:test';
import { runArea, type FuzzArea } from '../../fuzz/differential';
import { bodyArea } from '../../fuzz/areas/body';
import { express5, porticoWith5Parsers } from '../../helpers/body5-frameworks';

/**
 * The body area of the differential fuzz suite (test/fuzz/areas/body.ts: generated options,
 * Content-Types, encodings, bodies, with and without an error handler), with Portico's Express 5
 * parsers answering where express@5.3 does. FUZZ_RUNS and FUZZ_SEED apply as in docs/fuzzing.md.
 */
type BodyCase = typeof bodyArea extends FuzzArea<infer C> ? C : never;

// Express 5's urlencoded throws for a defaultCharset other than utf-8 or iso-8859-1 when it is created
// (checked in body5.compat.test.ts); the area's other charsets go to the other parsers only.
const bodyArea5: FuzzArea<BodyCase> = {
  ...bodyArea,
  arbitrary: bodyArea.arbitrary.map((c) => {
    const charset = c.options.defaultCharset;
    if (c.parser !== 'urlencoded' || charset === undefined || charset === 'utf-8') return c;
    return { ...c, options: { ...c.options, defaultCharset: 'iso-8859-1' } };
  }),
};

describe('differential fuzz against express@5: body parsers', () => {
  it('answers every generated app and request with express@5’s bytes', { timeout: 300_000 }, async () => {
    await runArea(bodyArea5, porticoWith5Parsers as never, express5 as never);
  });
});
