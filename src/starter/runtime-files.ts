import type { StarterOptions } from './options';

/**
 * The project `portico init --runtime bun|deno|workers` writes: the same small JSON app (src/app.js)
 * served by the runtime's own fetch server through `app.fetch`, started and tested with the
 * runtime's own commands. JavaScript modules, which all three run without a build step.
 */

type Files = Record<string, string>;

/** The versions the project asks for: Portico's own, and wrangler's and @types/node's as Portico's tests use them. */
export interface RuntimeVersions {
  portico: string;
  wrangler?: string;
  typesNode?: string;
}

function appJs(o: StarterOptions): string {
  const entry = o.express5 ? 'portico/5' : 'portico';
  return `import portico from '${entry}';

const USERS = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Alan Turing' },
];

/** The application: ${o.runtime === 'workers' ? 'src/index.js hands its fetch method to Workers' : 'src/server.js serves its fetch method'}; the tests call it. */
export function createApp() {
  const app = portico();
  app.use(portico.json());

  app.get('/', (req, res) => {
    res.type('html').send('<!doctype html><title>${o.name}</title><h1>${o.name}</h1><p>Welcome to ${o.name}.</p>');
  });
  app.get('/users', (req, res) => res.json(USERS));
  app.get('/users/:id', (req, res, next) => {
    const user = USERS.find((u) => String(u.id) === req.params.id);
    if (!user) return next(Object.assign(new Error('No such user'), { status: 404 }));
    res.json(user);
  });
  app.post('/echo', (req, res) => res.status(201).json({ received: req.body }));

  // Nothing above answered.
  app.use((req, res) => res.status(404).json({ error: 'Not found', path: req.originalUrl }));

  // What a handler passes to next(err), throws, or rejects with ends up here; the message is shown
  // for client errors (4xx) only.
  app.use((err, req, res, next) => {
    if (res.headersSent) return next(err);
    const status = err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) console.error(err);
    res.status(status).json({ error: status < 500 ? err.message : 'Something went wrong.' });
  });

  return app;
}
`;
}

/** The checks every runtime's test file makes, written with `check(name, fn)` and `equal(a, b)`. */
function checks(o: StarterOptions): string {
  return `  check('serves the home page', async () => {
    const res = await request('/');
    equal(res.status, 200);
    equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    equal((await res.text()).includes('<h1>${o.name}</h1>'), true);
  });

  check('answers a user as JSON, and 404 for an unknown one', async () => {
    const res = await request('/users/1');
    equal(res.status, 200);
    equal(await res.json(), { id: 1, name: 'Ada Lovelace' });
    const missing = await request('/users/99');
    equal(missing.status, 404);
    equal(await missing.json(), { error: 'No such user' });
  });

  check('parses a JSON body', async () => {
    const res = await request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    equal(res.status, 201);
    equal(await res.json(), { received: { a: 1 } });
  });
`;
}

function bunFiles(o: StarterOptions): Files {
  return {
    'src/server.js': `import { createApp } from './app.js';

const app = createApp();
const server = Bun.serve({ port: Number(process.env.PORT ?? 3000), fetch: app.fetch });
console.log(\`${o.name} listening on http://localhost:\${server.port}\`);
`,
    'test/app.test.js': `import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../src/app.js';

// The app on Bun.serve on a free port, spoken to over HTTP with fetch.
describe('${o.name}', () => {
  let server;
  beforeAll(() => {
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: createApp().fetch });
  });
  afterAll(() => server.stop(true));

  const request = (path, init) => fetch(new URL(path, server.url), init);
  const check = test;
  const equal = (actual, expected) => expect(actual).toEqual(expected);

${checks(o)}});
`,
  };
}

function denoFiles(o: StarterOptions): Files {
  return {
    'src/server.js': `import process from 'node:process';
import { createApp } from './app.js';

const app = createApp();
Deno.serve(
  { port: Number(process.env.PORT ?? 3000), onListen: ({ port }) => console.log(\`${o.name} listening on http://localhost:\${port}\`) },
  app.fetch,
);
`,
    'test/app.test.js': `import assert from 'node:assert/strict';
import { createApp } from '../src/app.js';

// The app on Deno.serve on a free port, spoken to over HTTP with fetch.
Deno.test('${o.name}', async (t) => {
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, createApp().fetch);
  const request = (path, init) => fetch(\`http://127.0.0.1:\${server.addr.port}\${path}\`, init);
  const checks = [];
  const check = (name, fn) => checks.push([name, fn]);
  const equal = (actual, expected) => assert.deepEqual(actual, expected);

${checks(o)}
  try {
    for (const [name, fn] of checks) await t.step(name, fn);
  } finally {
    await server.shutdown();
  }
});
`,
    'deno.json': JSON.stringify(
      {
        tasks: {
          start: 'deno run --allow-net --allow-env --allow-read --allow-sys src/server.js',
          dev: 'deno run --watch --allow-net --allow-env --allow-read --allow-sys src/server.js',
          test: 'deno test --allow-net --allow-env --allow-read --allow-sys',
        },
      },
      null,
      2,
    ) + '\n',
  };
}

function workersFiles(o: StarterOptions): Files {
  return {
    'src/index.js': `import { createApp } from './app.js';

// Workers calls this module's fetch for every request.
const app = createApp();
export default { fetch: app.fetch };
`,
    'wrangler.jsonc': `{
  "name": "${o.name}",
  "main": "src/index.js",
  "compatibility_date": "2025-09-15",
  // Portico uses Node's built-in modules (Buffer, events, streams), which nodejs_compat provides.
  "compatibility_flags": ["nodejs_compat"]
}
`,
    'test/app.test.js': `import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// \`wrangler dev\`: the worker bundled by wrangler and run by local workerd, spoken to over HTTP with fetch.
describe('${o.name}', () => {
  let dev;
  let base;
  before(async () => {
    const [port, inspector] = [await freePort(), await freePort()];
    dev = spawn('node_modules/.bin/wrangler', ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise((resolve, reject) => {
      let output = '';
      const onData = (chunk) => {
        output += chunk;
        if (/Ready on /.test(output)) resolve();
      };
      dev.stdout.on('data', onData);
      dev.stderr.on('data', onData);
      dev.once('exit', (code) => reject(new Error(\`wrangler dev exited (\${code}):\\n\${output}\`)));
    });
    base = \`http://127.0.0.1:\${port}\`;
  });
  after(() => dev?.kill());

  const request = (path, init) => fetch(new URL(path, base), init);
  const check = it;
  const equal = (actual, expected) => assert.deepEqual(actual, expected);

${checks(o)}});
`,
  };
}

function packageJson(o: StarterOptions, versions: RuntimeVersions): string {
  const scripts: Record<string, string> =
    o.runtime === 'bun'
      ? { start: 'bun src/server.js', dev: 'bun --watch src/server.js', test: 'bun test' }
      : o.runtime === 'deno'
        ? { start: 'deno task start', dev: 'deno task dev', test: 'deno task test' }
        : { start: 'wrangler dev', deploy: 'wrangler deploy', test: 'node --test' };
  const manifest: Record<string, unknown> = { name: o.name, version: '0.1.0', private: true, type: 'module', scripts, dependencies: { portico: '^' + versions.portico } };
  if (o.runtime === 'workers') {
    if (versions.wrangler === undefined) throw new Error('portico init: no version of wrangler known');
    manifest.devDependencies = { wrangler: versions.wrangler };
  }
  if (o.runtime === 'deno') {
    // `deno test` type-checks, and Portico's types refer to Node's.
    if (versions.typesNode === undefined) throw new Error('portico init: no version of @types/node known');
    manifest.devDependencies = { '@types/node': versions.typesNode };
  }
  return JSON.stringify(manifest, null, 2) + '\n';
}

function readme(o: StarterOptions): string {
  const how = {
    bun: 'Bun: `src/server.js` serves the app with `Bun.serve({ fetch: app.fetch })`.',
    deno: 'Deno: `src/server.js` serves the app with `Deno.serve(app.fetch)`; `deno.json` holds the tasks and their permissions.',
    workers: 'Cloudflare Workers: `src/index.js` exports `{ fetch: app.fetch }`; `wrangler.jsonc` sets `nodejs_compat`.',
  }[o.runtime as 'bun' | 'deno' | 'workers'];
  const commands = {
    bun: 'bun install\nbun start      # http://localhost:3000 (PORT to change)\nbun test',
    deno: 'deno install\ndeno task start   # http://localhost:3000 (PORT to change)\ndeno task test',
    workers: 'npm install\nnpm start      # wrangler dev: the worker on local workerd\nnpm test       # the worker started by wrangler, requested over HTTP',
  }[o.runtime as 'bun' | 'deno' | 'workers'];
  return `# ${o.name}

A [Portico](https://www.npmjs.com/package/portico) application${o.express5 ? ' on `portico/5`, the Express 5 interface' : ''}, on ${how}

\`\`\`sh
${commands}
\`\`\`

- \`src/app.js\`: the application (middleware, routes, the 404 answer, the error handler)
- \`test/app.test.js\`: the tests, over HTTP
`;
}

/** Every file of a `--runtime bun|deno|workers` project. */
export function runtimeFiles(o: StarterOptions, versions: RuntimeVersions): Files {
  const own = o.runtime === 'bun' ? bunFiles(o) : o.runtime === 'deno' ? denoFiles(o) : workersFiles(o);
  return {
    'package.json': packageJson(o, versions),
    '.gitignore': 'node_modules/\n.wrangler/\n',
    'README.md': readme(o),
    'src/app.js': appJs(o),
    ...own,
  };
}
