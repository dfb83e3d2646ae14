import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_ERROR_TYPES } from '../src/errors/body-error-types';

/** The error catalogue and docs/errors.md stay in step: every type is documented with its status. */

const doc = readFileSync(join(__dirname, '..', 'docs', 'errors.md'), 'utf8');

/** The table rows of docs/errors.md as [type, status] pairs. */
function documentedRows(): Array<[string, number]> {
  const rows: Array<[string, number]> = [];
  for (const line of doc.split('\n')) {
    const match = /^\| `([a-z.A-Z]+)` \| (\d{3}) \|/.exec(line);
    if (match) rows.push([match[1], Number(match[2])]);
  }
  return rows;
}

describe('docs/errors.md', () => {
  for (const [type, status] of Object.entries(BODY_ERROR_TYPES)) {
    it(`documents ${type} with status ${status}`, () => {
      const rows = documentedRows().filter(([t]) => t === type);
      assert.ok(rows.length > 0, `${type} has no row in docs/errors.md`);
      for (const [, documented] of rows) assert.equal(documented, status, `${type} is documented with ${documented}`);
    });
  }

  it('documents no type that the catalogue lacks', () => {
    const known = new Set(Object.keys(BODY_ERROR_TYPES));
    for (const [type] of documentedRows()) assert.ok(known.has(type), `${type} is documented but not in BODY_ERROR_TYPES`);
  });
});
