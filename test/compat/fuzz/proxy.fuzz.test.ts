import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { proxyArea } from '../../fuzz/areas/proxy';

describe('differential fuzz against express@4: proxy', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(proxyArea, portico, express);
  });
});
