import type { Application } from '../application/application';

/**
 * Reads a setting of the app serving a request or response. An object used outside any app
 * (a bare node:http server with Portico's prototypes) reads `undefined`, so callers fall back to defaults.
 */
export function appSetting(holder: { app?: Application }, name: string): unknown {
  const app = holder.app;
  return app === undefined ? undefined : app.get(name);
}
