import { EventEmitter } from 'node:events';
import { ApplicationCore, type Application } from './application';
import type { NextFunction } from '../router/types';

/** Creates an application: a request listener function carrying the app methods and its own state. */
export function createApplication(): Application {
  const app = function app(req: unknown, res: unknown, next?: NextFunction): void {
    (app as unknown as Application).handle(req, res, next);
  } as unknown as Application;
  Object.setPrototypeOf(app, ApplicationCore.prototype);
  EventEmitter.call(app as unknown as EventEmitter);
  app.init();
  return app;
}
