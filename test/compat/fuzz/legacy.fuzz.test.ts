import { describe, it } from 'node:test';
import legacy from '../../../src/legacy/index';
import { loadExpress3 } from '../../helpers/legacy-oracle';
import { runArea } from '../../fuzz/differential';
import { legacyArea } from '../../fuzz/areas/legacy';

describe('differential fuzz of portico/legacy against express@3.21', () => {
  it('answers every generated app and request with express@3’s bytes', async () => {
    await runArea(legacyArea, legacy, loadExpress3());
  });
});
