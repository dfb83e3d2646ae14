import { describe, it } from 'node:test';
import express from 'express';
import portico from '../../../src/index';
import { runArea } from '../../fuzz/differential';
import { filesArea } from '../../fuzz/areas/files';

describe('differential fuzz against express@4: files', () => {
  it('answers every generated app and request with express@4’s bytes', async () => {
    await runArea(filesArea, portico, express);
  });
});
