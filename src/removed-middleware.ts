/**
 * The connect-era middleware Express 3 bundled and Express 4 removed. Reading one of these
 * names on the framework throws, as Express 4 does, but says where Portico keeps them.
 */
const REMOVED = [
  'bodyParser', 'compress', 'cookieSession', 'session', 'logger', 'favicon', 'responseTime', 'errorHandler',
  'timeout', 'methodOverride', 'vhost', 'csrf', 'directory', 'limit', 'multipart', 'staticCache', 'basicAuth',
] as const;

/** Defines a throwing getter for each removed middleware name on `target`. */
export function installRemovedMiddlewareGuards(target: object): void {
  for (const name of REMOVED) {
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: false,
      get(): never {
        throw new Error(
          'Most middleware (like ' + name + ') is no longer bundled with Portico 4.x-style apps and must be installed separately, ' +
            "or taken from the 3.x compatibility layer: require('portico/legacy')." + name + '.',
        );
      },
    });
  }
}
