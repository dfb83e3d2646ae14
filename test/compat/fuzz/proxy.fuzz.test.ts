import { describe, it } from 'node:test';
import express from 'express';
import express5 from 'express5';
import portico from '../../../src/index';
import portico5 from '../../../src/express5/index';
import { runArea } from '../../fuzz/differential';
import { proxyArea, proxy5Area } from '../../fuzz/areas/proxy';

describe('differential fuzz: proxy', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(proxyArea, portico, express);
  });

  it('answers every generated app and request with express@5’s bytes on portico/5', async () => {
    await runArea(proxy5Area, portico5, express5);
  });
});
