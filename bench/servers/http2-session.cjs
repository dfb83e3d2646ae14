'use strict';
// Scenario (s) of the HTTP/2 benchmark, the realistic h2 app: a session (express-session, or
// Fastify's @fastify/cookie + @fastify/session, each with its in-memory store) and a JSON body
// parser. `GET /login` starts a session; the load then sends `POST /session` with that session's
// cookie and a small JSON body, which the handler counts in the session and echoes.

const SECRET = 'bench-session-secret-0123456789abcdef';
const ITEM = { name: 'widget', qty: 3, tags: ['h2', 'session'] };

/** The Express-style app (Portico, or any framework with express-session's interface). */
function expressStyle(framework) {
  const session = require('express-session');
  const app = framework();
  app.use(session({ secret: SECRET, resave: false, saveUninitialized: false }));
  app.use(framework.json());
  app.get('/login', function login(req, res) {
    req.session.user = 'u-42';
    res.json({ user: req.session.user });
  });
  app.post('/session', function visit(req, res) {
    req.session.visits = (req.session.visits || 0) + 1;
    res.json({ user: req.session.user, item: req.body });
  });
  return app;
}

/** The same app on Fastify (`options` go to fastify(), `{ http2: true }` here). */
function fastifyApp(options) {
  const app = require('fastify')({ logger: false, ...options });
  app.register(require('@fastify/cookie'));
  app.register(require('@fastify/session'), { secret: SECRET, saveUninitialized: false, cookie: { secure: false } });
  app.get('/login', function login(request, reply) {
    request.session.set('user', 'u-42');
    reply.send({ user: request.session.get('user') });
  });
  app.post('/session', function visit(request, reply) {
    request.session.set('visits', (request.session.get('visits') || 0) + 1);
    reply.send({ user: request.session.get('user'), item: request.body });
  });
  return app;
}

module.exports = { expressStyle, fastifyApp, ITEM };
