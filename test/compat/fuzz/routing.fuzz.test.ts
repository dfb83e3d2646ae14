import { describe, it } from 'node:test';
import express from 'express';
import express5 from 'express5';
import portico from '../../../src/index';
import portico5 from '../../../src/express5/index';
import { runArea } from '../../fuzz/differential';
import { routingArea } from '../../fuzz/areas/routing';
import { routing5Area } from '../../fuzz/areas/routing5';

describe('differential fuzz: routing', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(routingArea, portico, express);
  });

  it('answers every generated app and request with express@5’s bytes on portico/5, registration errors included', async () => {
    await runArea(routing5Area, portico5, express5);
  });
});
