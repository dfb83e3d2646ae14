// Every import style of code written for @types/express, against the source entry
// (test/types.consumer.test.ts repeats them against the packed package).
import defaultImport from '../../src/index';
import defaultAndNamed, { Request, Response, NextFunction, Router as RouterType, json } from '../../src/index';
import * as namespaceImport from '../../src/index';
import requireImport = require('../../src/index');
import { check, type Equal } from './assert-type';

check<Equal<typeof defaultImport, typeof requireImport>>();
check<Equal<typeof defaultAndNamed, typeof requireImport>>();

const apps = [defaultImport(), defaultAndNamed(), namespaceImport.default(), requireImport()];
void apps;

// Namespaced types, as `express.Request` is written.
function handler(req: requireImport.Request, res: namespaceImport.Response, next: defaultImport.NextFunction): void {
  check<Equal<typeof req, Request>>();
  check<Equal<typeof res, Response>>();
  check<Equal<typeof next, NextFunction>>();
  next();
}
const router: RouterType = requireImport.Router();
router.use(handler, json());
const typed: defaultImport.RequestHandler<{ id: string }> = (req, res) => res.send(req.params.id);
const errors: requireImport.ErrorRequestHandler = (err, _req, res) => res.status(500).send(String(err));
const options: namespaceImport.CookieOptions = { httpOnly: true };
void [typed, errors, options];
const express: defaultImport.Express = requireImport();
express.use(namespaceImport.static('public'), defaultImport.urlencoded({ extended: false }));
