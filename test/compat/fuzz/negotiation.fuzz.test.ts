import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { negotiationArea } from '../../fuzz/areas/negotiation';

describe('differential fuzz against express@4: negotiation', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(negotiationArea, portico, express);
  });
});
