import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { bodyArea } from '../../fuzz/areas/body';

describe('differential fuzz against express@4: body', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(bodyArea, portico, express);
  });
});
