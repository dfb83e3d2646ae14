'use strict';
// PM2's configuration for the demo: `npm run start:pm2` (pm2-runtime, in the foreground, as in a
// container), or `npx pm2 start ecosystem.config.cjs` then `npx pm2 reload portico-demo`.
// See docs/deployment.md.
module.exports = {
  apps: [
    {
      name: 'portico-demo',
      script: './examples/demo/pm2.js',
      // PM2 is the node:cluster primary: the workers share one port.
      exec_mode: 'cluster',
      instances: process.env.WEB_CONCURRENCY || 'max',
      // A worker counts as started when it sends 'ready' (once it listens), not when it is
      // forked: `pm2 reload` stops an old worker only then. Without 'ready' within
      // listen_timeout ms, PM2 goes on anyway.
      wait_ready: true,
      listen_timeout: 30_000,
      // SIGINT, then SIGKILL after kill_timeout ms: longer than portico/graceful's own timeout
      // (10 s), so a drain is never cut short by PM2.
      kill_timeout: 12_000,
      env: {
        NODE_ENV: 'production',
        PORT: process.env.PORT || 3000,
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        ...(process.env.DEMO_DB ? { DEMO_DB: process.env.DEMO_DB } : {}),
        ...(process.env.COOKIE_SECRET ? { COOKIE_SECRET: process.env.COOKIE_SECRET } : {}),
        ...(process.env.TRUST_PROXY ? { TRUST_PROXY: process.env.TRUST_PROXY } : {}),
      },
    },
  ],
};
