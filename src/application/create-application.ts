import { EventEmitter } from 'node:events';
import { ApplicationCore, inheritFromParent, type Application } from './application';
import { applyDefaultSettings } from './settings';
import type { NextFunction } from '../router/types';

/** Creates an application: a request listener function carrying the app methods and its own state. */
export function createApplication(): Application {
  const app = function app(req: unknown, res: unknown, next?: NextFunction): void {
    (app as unknown as Application).handle(req, res, next);
  } as unknown as Application;
  Object.setPrototypeOf(app, ApplicationCore.prototype);
  EventEmitter.call(app as unknown as EventEmitter);
  app.settings = {};
  // A plain object, as in Express: view classes call hasOwnProperty on it. Its keys all start
  // with a dot, so nothing on Object.prototype can be mistaken for an engine.
  app.engines = {};
  app.cache = Object.create(null);
  app.locals = Object.create(null);
  app.mountpath = '/';
  app.parent = undefined;
  app._router = undefined;
  applyDefaultSettings(app.settings);
  app.locals.settings = app.settings;
  app.on('mount', inheritFromParent);
  return app;
}
