// Builds dist/: tsc emits CommonJS with .d.ts, then thin ESM wrappers are written
// so that `import portico from 'portico'` and named imports both work.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const finalDist = join(root, 'dist');
// Compile into a fresh folder and swap it in only on success, so a failed build leaves the last good dist/.
const dist = join(root, 'dist.building');
rmSync(dist, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--outDir', dist],
  { stdio: 'inherit' },
);

const require = createRequire(import.meta.url);
const identifier = /^[A-Za-z_$][\w$]*$/;

/** Writes an ESM file re-exporting a CommonJS module of dist/: default plus every own enumerable name. */
function writeEsmWrapper(cjsRelative, esmName) {
  const mod = require(join(dist, cjsRelative));
  const names = Object.keys(mod).filter((n) => identifier.test(n) && n !== 'default');
  const lines = [
    `import { createRequire } from 'node:module';`,
    `const mod = createRequire(import.meta.url)('../${cjsRelative}');`,
    `export default mod;`,
    // Aliased exports: some names (`static`) are reserved words and cannot be declared directly.
    ...names.map((n, i) => `const export${i} = mod[${JSON.stringify(n)}];`),
    `export { ${names.map((n, i) => `export${i} as ${n}`).join(', ')} };`,
  ];
  mkdirSync(join(dist, 'esm'), { recursive: true });
  writeFileSync(join(dist, 'esm', esmName), lines.join('\n') + '\n');
}

writeEsmWrapper('index.js', 'index.mjs');
writeEsmWrapper('legacy/index.js', 'legacy.mjs');
writeEsmWrapper('server/graceful.js', 'graceful.mjs');
writeEsmWrapper('http2.js', 'http2.mjs');
rmSync(finalDist, { recursive: true, force: true });
renameSync(dist, finalDist);
