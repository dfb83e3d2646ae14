import type { StarterOptions } from './options';

/**
 * src/app, src/server and routes/ of a new project, in JavaScript (CommonJS, which runs on every
 * Node version Portico supports without a build) or TypeScript, on the 4.x or the 3.x interface.
 */

type Files = Record<string, string>;

/** How the app finds the project folder: next to src/, or two up from dist/src/ once compiled. */
const ROOT_JS = `const root = path.join(__dirname, '..');`;
const ROOT_TS = `// The project folder: one up from src/, or two up from dist/src/ once compiled.
const root = path.basename(path.dirname(__dirname)) === 'dist' ? path.join(__dirname, '..', '..') : path.join(__dirname, '..');`;

function viewSetup(o: StarterOptions): string {
  if (o.view === 'none') return '';
  return `  app.set('views', path.join(root, 'views'));\n  app.set('view engine', '${o.view}');\n`;
}

function notFound(o: StarterOptions): string {
  return o.view === 'none'
    ? `res.status(404).json({ error: 'Not found', path: req.originalUrl });`
    : `res.status(404).render('not-found', { title: 'Not found', path: req.originalUrl });`;
}

function errorResponse(o: StarterOptions): string {
  return o.view === 'none'
    ? `res.status(status).json({ error: message, stack: stack || undefined });`
    : `res.status(status).render('error', { title: 'Error', status, message, stack });`;
}

/** The entry the project's code requires: `portico`, or `portico/5` for the Express 5 interface. */
function entryOf(o: StarterOptions): string {
  return o.express5 ? 'portico/5' : 'portico';
}

function appJs(o: StarterOptions): string {
  const framework = o.legacy ? `const express = require('portico/legacy');` : `const portico = require('${entryOf(o)}');`;
  const f = o.legacy ? 'express' : 'portico';
  const routes = o.legacy
    ? `const routes = require('../routes/index');\nconst users = require('../routes/users');`
    : `const indexRouter = require('../routes/index');\nconst usersRouter = require('../routes/users');`;
  const mount = o.legacy
    ? `  app.get('/', routes.index);\n  app.get('/users', users.list);\n  app.get('/users/:id', users.show);`
    : `  app.use('/', indexRouter);\n  app.use('/users', usersRouter);`;
  return `'use strict';
const path = require('node:path');
${framework}
${routes}

${ROOT_JS}

/** The application. src/server.js makes it listen; the tests start it on a free port. */
function createApp() {
  const app = ${f}();
${viewSetup(o)}  app.use(${f}.json());
  app.use(${f}.urlencoded({ extended: false }));
  app.use(${f}.static(path.join(root, 'public')));

${mount}

  // Nothing above answered: the 404 page.
  app.use(function notFound(req, res) {
    ${notFound(o)}
  });

  // What a handler passes to next(err), throws, or rejects with ends up here. The message is shown
  // for client errors (4xx) only, the stack only in development (NODE_ENV unset or 'development').
  app.use(function errorHandler(err, req, res, next) {
    if (res.headersSent) return next(err);
    const status = err.status >= 400 && err.status < 600 ? err.status : 500;
    const message = status < 500 ? err.message : 'Something went wrong.';
    const stack = app.get('env') === 'development' ? err.stack : '';
    if (status >= 500) console.error(err);
    ${errorResponse(o)}
  });

  return app;
}

module.exports = { createApp };
`;
}

function appTs(o: StarterOptions): string {
  const framework = o.legacy
    ? `import express from 'portico/legacy';\nimport type { Request, Response, NextFunction } from 'portico';`
    : `import portico, { type Express, type Request, type Response, type NextFunction } from '${entryOf(o)}';`;
  const f = o.legacy ? 'express' : 'portico';
  const routes = o.legacy
    ? `import * as routes from '../routes/index';\nimport * as users from '../routes/users';`
    : `import indexRouter from '../routes/index';\nimport usersRouter from '../routes/users';`;
  const mount = o.legacy
    ? `  app.get('/', routes.index);\n  app.get('/users', users.list);\n  app.get('/users/:id', users.show);`
    : `  app.use('/', indexRouter);\n  app.use('/users', usersRouter);`;
  const appType = o.legacy ? 'ReturnType<typeof express>' : 'Express';
  return `import path from 'node:path';
${framework}
${routes}

${ROOT_TS}

/** An error as handlers throw them: Portico's own (body parsers, static files) carry a status. */
type HttpError = Error & { status?: number };

/** The application. src/server.ts makes it listen; the tests start it on a free port. */
export function createApp(): ${appType} {
  const app = ${f}();
${viewSetup(o)}  app.use(${f}.json());
  app.use(${f}.urlencoded({ extended: false }));
  app.use(${f}.static(path.join(root, 'public')));

${mount}

  // Nothing above answered: the 404 page.
  app.use(function notFound(req: Request, res: Response) {
    ${notFound(o)}
  });

  // What a handler passes to next(err), throws, or rejects with ends up here. The message is shown
  // for client errors (4xx) only, the stack only in development (NODE_ENV unset or 'development').
  app.use(function errorHandler(err: HttpError, req: Request, res: Response, next: NextFunction) {
    if (res.headersSent) return next(err);
    const status = err.status !== undefined && err.status >= 400 && err.status < 600 ? err.status : 500;
    const message = status < 500 ? err.message : 'Something went wrong.';
    const stack = app.get('env') === 'development' ? (err.stack ?? '') : '';
    if (status >= 500) console.error(err);
    ${errorResponse(o)}
  });

  return app;
}
`;
}

function serverSource(o: StarterOptions): string {
  const head = o.typescript
    ? `import type { AddressInfo } from 'node:net';\nimport { createApp } from './app';`
    : `'use strict';\nconst { createApp } = require('./app');`;
  const port = o.typescript ? `(server.address() as AddressInfo).port` : `server.address().port`;
  return `${head}

// PORT=0 picks a free port; the line below says which.
const port = Number(process.env.PORT ?? 3000);
const server = createApp().listen(port, () => {
  console.log(\`${o.name} listening on http://localhost:\${${port}}\`);
});
`;
}

const USERS = `[
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Alan Turing' },
]`;

function routeSources(o: StarterOptions): Files {
  const ext = o.typescript ? 'ts' : 'js';
  const ts = o.typescript;
  const reqRes = ts ? '(req: Request, res: Response)' : '(req, res)';
  const reqResNext = ts ? '(req: Request, res: Response, next: NextFunction)' : '(req, res, next)';
  const home =
    o.view === 'none'
      ? `res.json({ name: '${o.name}', time: new Date().toISOString() });`
      : `res.render('index', { title: '${o.name}' });`;
  const homePath = o.view === 'none' ? '/api/status' : '/';
  const homeDoc = o.view === 'none' ? '/** GET /api/status: public/index.html (the home page) calls it. */' : '/** GET /: the home page. */';
  const userNotFound = `const err = Object.assign(new Error('No user ' + req.params.id), { status: 404 });`;
  if (o.legacy) {
    // The 3.x style: routes/ exports handlers, and src/app registers them with app.get.
    const typesImport = (names: string) => (ts ? `import type { ${names} } from 'portico';\n\n` : `'use strict';\n\n`);
    const exp = (name: string, params: string) => (ts ? `export function ${name}${params}` : `exports.${name} = function ${name}${params}`);
    const end = ts ? '}' : '};';
    return {
      [`routes/index.${ext}`]: `${typesImport('Request, Response')}${homeDoc}
${exp('index', reqRes)} {
  ${home}
${end}
`,
      [`routes/users.${ext}`]: `${typesImport('Request, Response, NextFunction')}const users = ${USERS};

/** GET /users: every user, as JSON. */
${exp('list', reqRes)} {
  res.json(users);
${end}

/** GET /users/:id: one user, or a 404 through the error handler. */
${exp('show', reqResNext)} {
  const user = users.find((u) => String(u.id) === req.params.id);
  if (user === undefined) {
    ${userNotFound}
    return next(err);
  }
  res.json(user);
${end}
`,
    };
  }
  const head = ts
    ? `import { Router } from '${entryOf(o)}';\n\nconst router = Router();`
    : `'use strict';\nconst { Router } = require('${entryOf(o)}');\n\nconst router = Router();`;
  const tail = ts ? 'export default router;' : 'module.exports = router;';
  const untypedReqRes = '(req, res)';
  const untypedReqResNext = '(req, res, next)';
  return {
    [`routes/index.${ext}`]: `${head}

${homeDoc}
router.get('${homePath}', ${untypedReqRes} => {
  ${home}
});

${tail}
`,
    [`routes/users.${ext}`]: `${head}

const users = ${USERS};

/** GET /users: every user, as JSON. */
router.get('/', ${untypedReqRes} => {
  res.json(users);
});

/** GET /users/:id: one user, or a 404 through the error handler. */
router.get('/:id', ${untypedReqResNext} => {
  const user = users.find((u) => String(u.id) === req.params.id);
  if (user === undefined) {
    ${userNotFound}
    return next(err);
  }
  res.json(user);
});

${tail}
`,
  };
}

/** src/app, src/server and the routes. */
export function appFiles(o: StarterOptions): Files {
  const ext = o.typescript ? 'ts' : 'js';
  return {
    [`src/app.${ext}`]: o.typescript ? appTs(o) : appJs(o),
    [`src/server.${ext}`]: serverSource(o),
    ...routeSources(o),
  };
}
