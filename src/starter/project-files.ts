import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StarterOptions } from './options';

/** package.json, tsconfig.json, .gitignore, README.md and the first test of a new project. */

type Files = Record<string, string>;

export interface OwnManifest {
  version: string;
  devDependencies?: Record<string, string>;
}

/**
 * Portico's own package.json (two folders up, from src/starter/ as from dist/starter/). The new
 * project depends on this version of Portico, and on the versions of the view engines, TypeScript,
 * tsx and @types/node that Portico's own tests use.
 */
export function ownManifest(): OwnManifest {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as OwnManifest;
}

function versionOf(manifest: OwnManifest, name: string): string {
  const range = manifest.devDependencies?.[name];
  if (range === undefined) throw new Error(`portico init: no version of ${name} known`);
  return range;
}

function packageJson(o: StarterOptions): string {
  const own = ownManifest();
  const dependencies: Record<string, string> = { portico: '^' + own.version };
  if (o.view !== 'none') dependencies[o.view] = versionOf(own, o.view);
  const scripts: Record<string, string> = o.typescript
    ? {
        build: 'tsc',
        start: 'tsc && node dist/src/server.js',
        dev: 'node --watch --import tsx src/server.ts',
        test: 'tsc --noEmit && node --import tsx --test test/*.test.ts',
      }
    : {
        start: 'node src/server.js',
        dev: 'node --watch src/server.js',
        test: 'node --test',
      };
  const manifest: Record<string, unknown> = {
    name: o.name,
    version: '0.1.0',
    private: true,
    scripts,
    dependencies,
  };
  if (o.typescript) {
    manifest.devDependencies = {
      '@types/node': versionOf(own, '@types/node'),
      tsx: versionOf(own, 'tsx'),
      typescript: versionOf(own, 'typescript'),
    };
  }
  // TypeScript projects run through tsx with `node --import`, which Node 18 has from 18.18 on.
  manifest.engines = { node: o.typescript ? '>=18.18' : '>=18' };
  return JSON.stringify(manifest, null, 2) + '\n';
}

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "node16",
    "moduleResolution": "node16",
    "strict": true,
    "esModuleInterop": true,
    "skipLibCheck": true,
    "types": ["node"],
    "rootDir": ".",
    "outDir": "dist"
  },
  "include": ["src", "routes", "test"]
}
`;

function firstTest(o: StarterOptions): string {
  const ts = o.typescript;
  const head = ts
    ? `import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';`
    : `'use strict';
const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { once } = require('node:events');
const { createApp } = require('../src/app');`;
  const decl = ts ? `let server: Server;\n  let base: string;` : `let server;\n  let base;`;
  const port = ts ? `(server.address() as AddressInfo).port` : `server.address().port`;
  const notFoundCheck =
    o.view === 'none'
      ? `assert.equal((await res.json()).error, 'Not found');`
      : `assert.match(await res.text(), /Not found/);`;
  return `${head}

// The app on a free port of 127.0.0.1, spoken to over HTTP with fetch.
describe('${o.name}', () => {
  ${decl}

  before(async () => {
    server = createApp().listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = \`http://127.0.0.1:\${${port}}\`;
  });

  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('serves the home page', async () => {
    const res = await fetch(base + '/');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\\/html/);
    assert.match(await res.text(), /Welcome to ${o.name}/);
  });

  it('answers 404 for a path nothing serves', async () => {
    const res = await fetch(base + '/no/such/page');
    assert.equal(res.status, 404);
    ${notFoundCheck}
  });

  it('lists the users as JSON, and answers 404 for an unknown user', async () => {
    const res = await fetch(base + '/users/1');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 1, name: 'Ada Lovelace' });
    assert.equal((await fetch(base + '/users/99')).status, 404);
  });
});
`;
}

function readme(o: StarterOptions): string {
  const ext = o.typescript ? 'ts' : 'js';
  const views = o.view === 'none' ? '' : `- \`views/\`: the pages (${o.view}): home, 404 and error\n`;
  return `# ${o.name}

A [Portico](https://www.npmjs.com/package/portico) application${o.legacy ? ' on `portico/legacy`, the Express 3.x interface' : o.express5 ? ' on `portico/5`, the Express 5 interface' : ''}.

\`\`\`sh
npm install
npm start     # http://localhost:3000 (PORT to change)
npm run dev   # the same, restarted when a file changes
npm test      # the tests in test/, over HTTP
\`\`\`

- \`src/app.${ext}\`: the application (middleware, routes, the 404 page, the error handler)
- \`src/server.${ext}\`: starts it
- \`routes/\`: the routes
${views}- \`public/\`: static files
- \`test/\`: tests (node:test and fetch)
`;
}

/** The files around the application. */
export function projectFiles(o: StarterOptions): Files {
  const files: Files = {
    'package.json': packageJson(o),
    '.gitignore': 'node_modules/\ndist/\n',
    'README.md': readme(o),
    [`test/app.test.${o.typescript ? 'ts' : 'js'}`]: firstTest(o),
  };
  if (o.typescript) files['tsconfig.json'] = TSCONFIG;
  return files;
}
