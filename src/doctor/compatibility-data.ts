/**
 * The packages Portico is tested with, as data: `portico doctor` marks a project's packages from it,
 * and docs/compatibility.md shows the same list as tables (test/doctor/compatibility-data.test.ts
 * keeps the two the same). `tested` means a test file of this repository runs the package's README
 * setup on Portico and on express@4; `care` means it works with a caveat the note states.
 */
export interface CompatibilityEntry {
  readonly name: string;
  /** The version the tests install. */
  readonly version: string;
  readonly status: 'tested' | 'care';
  /** Where the evidence is, relative to the repository. */
  readonly evidence: string;
  /** For `care`: what to watch for. */
  readonly note?: string;
  /** Tested beside an Express package (a client library), not one itself: the doctor does not list it. */
  readonly companion?: boolean;
  /** The table of docs/compatibility.md the package is listed in, if any. */
  readonly table?: 'middleware' | 'engines' | 'dependents' | 'apps';
}

export const COMPATIBILITY: readonly CompatibilityEntry[] = [
  { name: 'helmet', version: '8.3.0', status: 'tested', evidence: 'test/ecosystem/helmet.test.ts', table: 'middleware' },
  { name: 'cors', version: '2.8.6', status: 'tested', evidence: 'test/ecosystem/cors.test.ts', table: 'middleware' },
  { name: 'morgan', version: '1.12.1', status: 'tested', evidence: 'test/ecosystem/morgan.test.ts', table: 'middleware' },
  { name: 'compression', version: '1.8.2', status: 'tested', evidence: 'test/ecosystem/compression.test.ts', table: 'middleware' },
  { name: 'cookie-parser', version: '1.4.7', status: 'tested', evidence: 'test/ecosystem/cookie-parser.test.ts', table: 'middleware' },
  { name: 'express-session', version: '1.19.0', status: 'tested', evidence: 'test/ecosystem/express-session.test.ts', table: 'middleware' },
  { name: 'passport', version: '0.7.0', status: 'tested', evidence: 'test/ecosystem/passport.test.ts', table: 'middleware' },
  { name: 'passport-local', version: '1.0.0', status: 'tested', evidence: 'test/ecosystem/passport.test.ts', table: 'middleware' },
  { name: 'multer', version: '2.5.0', status: 'tested', evidence: 'test/ecosystem/multer.test.ts', table: 'middleware' },
  { name: 'express-rate-limit', version: '8.7.4', status: 'tested', evidence: 'test/ecosystem/express-rate-limit.test.ts', table: 'middleware' },
  { name: 'http-proxy-middleware', version: '3.0.10', status: 'tested', evidence: 'test/ecosystem/http-proxy-middleware.test.ts', table: 'middleware' },
  { name: 'serve-favicon', version: '2.5.1', status: 'tested', evidence: 'test/ecosystem/serve-favicon.test.ts', table: 'middleware' },
  { name: 'method-override', version: '3.0.0', status: 'tested', evidence: 'test/ecosystem/method-override.test.ts', table: 'middleware' },
  { name: 'connect-flash', version: '0.1.1', status: 'tested', evidence: 'test/ecosystem/connect-flash.test.ts', table: 'middleware' },
  { name: 'express-validator', version: '7.3.2', status: 'tested', evidence: 'test/ecosystem/express-validator.test.ts', table: 'middleware' },
  { name: 'connect-redis', version: '9.0.0', status: 'tested', evidence: 'test/deployment/sessions.test.ts', table: 'middleware' },
  { name: 'redis', version: '5.12.1', status: 'tested', evidence: 'test/deployment/sessions.test.ts', table: 'middleware', companion: true },
  { name: 'connect-redis', version: '1.4.7', status: 'tested', evidence: 'test/deployment/sessions.test.ts', table: 'middleware' },
  { name: 'rate-limit-redis', version: '4.3.1', status: 'tested', evidence: 'test/deployment/sessions.test.ts', table: 'middleware' },
  { name: 'supertest', version: '7.3.2', status: 'tested', evidence: 'test/ecosystem/supertest.test.ts', table: 'middleware' },
  { name: 'ejs', version: '7.0.2', status: 'tested', evidence: 'test/ecosystem/ejs.test.ts', table: 'engines' },
  { name: 'pug', version: '3.0.4', status: 'tested', evidence: 'test/ecosystem/pug.test.ts', table: 'engines' },
  { name: 'hbs', version: '4.3.1', status: 'tested', evidence: 'test/ecosystem/hbs.test.ts', table: 'engines' },
  { name: 'express-handlebars', version: '8.0.1', status: 'tested', evidence: 'test/ecosystem/express-handlebars.test.ts', table: 'engines' },
  { name: 'nunjucks', version: '3.2.4', status: 'tested', evidence: 'test/ecosystem/nunjucks.test.ts', table: 'engines' },
  { name: '@nestjs/platform-express', version: '10.4.22', status: 'tested', evidence: 'test/dropin-project/', table: 'dependents' },
  {
    name: '@nestjs/platform-express', version: '11.2.10', status: 'tested', evidence: 'test/dropin-project-5/', table: 'dependents',
    note: 'NestJS 11 depends on Express 5: it runs on portico/5 (the --express5 tarball or the portico-express@^5 companion as express)',
  },
  { name: 'express-async-errors', version: '3.1.1', status: 'tested', evidence: 'test/dropin-project/', table: 'dependents' },
  {
    name: '@opentelemetry/instrumentation-express', version: '0.47.1', status: 'care', evidence: 'test/dropin-project/', table: 'dependents',
    note: 'instruments Portico only when Portico is installed as express under an Express 4 version: `npm run pack:express`, or the portico-express companion from a registry (docs/observability.md)',
  },
  {
    name: '@sentry/node', version: '7.120.3', status: 'care', evidence: 'test/dropin-project/', table: 'dependents',
    note: 'a router mounted on a path with parameters (app.use(\'/orgs/:org\', router)) gives transactions named by URL, not by route',
  },
  {
    name: 'csurf', version: '1.11.0', status: 'care', evidence: 'test/ecosystem/csrf.test.ts',
    note: 'deprecated and archived by its authors; portico/legacy\'s csrf() keeps the same token flow',
  },
  // Applications whose own test suites `npm run test:apps` runs on their Express and on Portico (docs/compatibility.md, "Real applications").
  { name: 'express-http-proxy', version: '2.1.2', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-promise-router', version: '4.1.1', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-hbs', version: '2.4.0', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-sslify', version: '1.2.0', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-mung', version: '0.5.1', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-interceptor', version: '1.2.0', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-form', version: '0.12.6', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
  { name: 'express-partials', version: '0.3.0', status: 'tested', evidence: 'scripts/apps/catalogue.mjs', table: 'apps' },
];

/** The release line of a version as semver reads compatibility: `1.4.7` → `1`, `0.47.1` → `0.47`. */
export function releaseLine(version: string): string {
  const [major, minor] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/**
 * What the project's lists say of `name` at `version`: the entry of the same release line, or,
 * when only another line was tested, the entry with `sameLine: false` (the doctor calls it unknown).
 */
export function compatibilityOf(name: string, version: string): { entry: CompatibilityEntry; sameLine: boolean } | undefined {
  const entries = COMPATIBILITY.filter((e) => e.name === name && !e.companion);
  const same = entries.find((e) => releaseLine(e.version) === releaseLine(version));
  if (same) return { entry: same, sameLine: true };
  return entries.length > 0 ? { entry: entries[0], sameLine: false } : undefined;
}
