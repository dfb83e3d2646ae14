import { join } from 'node:path';
import type { Framework } from './harness';

/** The fixture views of one engine (test/ecosystem/fixtures/views/<engine>). */
export function viewsOf(engine: string): string {
  return join(__dirname, '..', 'fixtures', 'views', engine);
}

/** What every engine's index page is rendered with: data needing escaping, app.locals and res.locals. */
export const pageData = {
  title: 'Users & friends',
  users: [{ name: 'Ada <admin>' }, { name: 'Grace' }],
};

/**
 * The usual shape of a server-rendered app: `app.locals` for site-wide values, a middleware
 * filling `res.locals` per request, then routes calling `res.render`, and an error handler that
 * reports render errors with status 500. `configure` sets up the engine as its README says.
 */
export function renderingApp(express: Framework, configure: (app: ReturnType<Framework>) => void) {
  const app = express();
  configure(app);
  app.locals.siteName = 'Portico';
  app.use((_req, res, next) => {
    res.locals.currentUser = 'ada';
    next();
  });
  return app;
}

/** The error handler the view tests end with: the error's name and message as plain text. */
export function renderErrorHandler(err: Error, _req: unknown, res: { status(code: number): { type(t: string): { send(body: string): unknown } } }, _next: unknown): void {
  res.status(500).type('text/plain').send(`${err.name}: ${err.message.split('\n').pop()?.trim() ?? ''}`);
}
