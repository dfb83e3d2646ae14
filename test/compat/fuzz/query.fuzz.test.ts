import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { queryArea } from '../../fuzz/areas/query';

describe('differential fuzz against express@4: query', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(queryArea, portico, express);
  });
});
