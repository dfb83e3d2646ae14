import type { Application } from '../application/application';
import { readSetting, type Settings } from './settings';

/**
 * Reads a setting of the app serving a request or response. An object used outside any app
 * (a bare node:http server with Portico's prototypes) reads `undefined`, so callers fall back to defaults.
 * (Reads the settings store directly: `app.get` would allocate its rest arguments on every request.)
 */
export function appSetting(holder: { app?: Application }, name: string): unknown {
  const app = holder.app;
  return app === undefined ? undefined : readSetting(app.settings, name);
}

/** `appSetting` through one of the dedicated readers of `settings.ts` (the settings read on every request). */
export function appSettingBy(holder: { app?: Application }, reader: (settings: Settings) => unknown): unknown {
  const app = holder.app;
  return app === undefined ? undefined : reader(app.settings);
}
