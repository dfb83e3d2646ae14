import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import express5 from 'express5';
import portico from '../../../src/index';
import portico5 from '../../../src/express5/index';
import { runArea } from '../../fuzz/differential';
import { routeTableArea } from '../../fuzz/areas/route-table';

describe('differential fuzz: route tables walked through the stack index', () => {
  it('answers every generated table and request with express@4’s bytes', async () => {
    const figures = await runArea(routeTableArea(4), portico, express);
    assert.ok(figures.requests > figures.cases);
  });

  it('answers every generated table and request with express@5’s bytes on portico/5', async () => {
    const figures = await runArea(routeTableArea(5), portico5, express5);
    assert.ok(figures.requests > figures.cases);
  });
});
