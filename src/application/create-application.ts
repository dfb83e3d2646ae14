import { EventEmitter } from 'node:events';
import { ApplicationCore, type Application } from './application';
import type { NextFunction } from '../router/types';

/**
 * Creates an application: a request listener function carrying the app methods and its own state.
 * `proto` holds the methods: Express 4's, or another API's built on them (portico/5).
 */
export function createApplication(proto: object = ApplicationCore.prototype): Application {
  const app = function app(req: unknown, res: unknown, next?: NextFunction): void {
    (app as unknown as Application).handle(req, res, next);
  } as unknown as Application;
  Object.setPrototypeOf(app, proto);
  EventEmitter.call(app as unknown as EventEmitter);
  app.init();
  return app;
}
