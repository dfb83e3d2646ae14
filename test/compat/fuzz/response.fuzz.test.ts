import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { responseArea } from '../../fuzz/areas/response';

describe('differential fuzz against express@4: response', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(responseArea, portico, express);
  });
});
