// docs/compatibility.md's tables and src/doctor/compatibility-data.ts, which `portico doctor`
// reads, name the same packages at the same versions with the same status.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPATIBILITY, compatibilityOf, releaseLine } from '../../src/doctor/compatibility-data';

const root = join(__dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'compatibility.md'), 'utf8');

/** `name@version status` for each package of each table row (`passport` + `passport-local` rows hold two). */
function rowsOfDocs(): string[] {
  const out: string[] = [];
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !cells[1].startsWith('`')) continue;
    const names = [...cells[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const versions = cells[2].split('+').map((v) => v.trim());
    if (versions[0] === '—') continue; // the csurf-style row is portico/legacy's own middleware
    // The real-applications table has counts where the others have a status: listed there is tested.
    const status = /^\d/.test(cells[4]) ? 'tested' : cells[4].startsWith('needs care') ? 'care' : 'tested';
    names.forEach((name, i) => out.push(`${name}@${versions[i]} ${status}`));
  }
  return out.sort();
}

describe('the compatibility list', () => {
  it('has the same packages, versions and status as the tables of docs/compatibility.md', () => {
    const data = COMPATIBILITY.filter((e) => e.table !== undefined).map((e) => `${e.name}@${e.version} ${e.status}`).sort();
    assert.deepEqual(data, rowsOfDocs());
  });

  it('points at evidence that exists in this repository', () => {
    for (const e of COMPATIBILITY) assert.ok(existsSync(join(root, e.evidence)), `${e.name}: ${e.evidence}`);
  });

  it('finds an entry by release line (major, or minor below 1.0)', () => {
    assert.equal(releaseLine('1.4.7'), '1');
    assert.equal(releaseLine('0.47.1'), '0.47');
    assert.deepEqual(compatibilityOf('connect-redis', '1.4.3')?.entry.version, '1.4.7');
    assert.deepEqual(compatibilityOf('connect-redis', '9.1.0')?.entry.version, '9.0.0');
    assert.equal(compatibilityOf('@opentelemetry/instrumentation-express', '0.48.0')?.sameLine, false);
    assert.equal(compatibilityOf('left-pad', '1.0.0'), undefined);
    assert.equal(compatibilityOf('redis', '5.12.1'), undefined, 'a companion library is not listed as an Express package');
  });
});
