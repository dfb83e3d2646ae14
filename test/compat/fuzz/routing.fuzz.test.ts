import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { routingArea } from '../../fuzz/areas/routing';

describe('differential fuzz against express@4: routing', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(routingArea, portico, express);
  });
});
