import express from 'express';
import portico from '../../src/index';
import { describeStaticCases, type Framework } from './static-cases';

/*
 * Differential suite for express.static, res.sendFile and res.download against express@4 (the
 * oracle); the apps and requests are the shared cases of ./static-cases.ts.
 */

// express@4's deprecation notices (the `hidden` option) are expected here.
process.env.NO_DEPRECATION = 'express,send';

describeStaticCases('static, sendFile and download match express@4', express, { portico: portico as unknown as Framework });
