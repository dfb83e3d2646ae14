// Builds dist/: tsc emits CommonJS with .d.ts, then thin ESM wrappers are written
// so that `import portico from 'portico'` and named imports both work.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
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

/**
 * Writes the types of an ESM wrapper as a real ES module declaration (`.d.mts`). Pointing `import`
 * at the CommonJS `.d.ts` made TypeScript under node16 read the wrapper as CommonJS ("masquerading
 * as CJS"). The default export is the module object; each member of the `export =` namespace
 * (values and types) is re-exported under its name, as the wrapper's named exports are.
 */
function writeEsmTypes(cjsDeclaration, esmName) {
  const file = join(dist, cjsDeclaration);
  const program = ts.createProgram([file], { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  const members = checker.getExportsOfModule(moduleSymbol).map((s) => s.getName()).sort();
  const specifier = `../${cjsDeclaration.replace(/\.d\.ts$/, '.js')}`;
  if (!readFileSync(file, 'utf8').includes('export =')) {
    // A module of named exports: they are re-exported as they are, and the default is the module object.
    const named = [`import * as ns from '${specifier}';`, `declare const mod: typeof ns;`, `export default mod;`, `export * from '${specifier}';`];
    writeFileSync(join(dist, 'esm', esmName), named.join('\n') + '\n');
    return;
  }
  const lines = [`import mod from '${specifier}';`, `export default mod;`];
  for (const name of members) {
    // A reserved word (`static`) cannot be an import alias; it is a value only, exported by renaming.
    if (ts.stringToToken(name) !== undefined && ts.stringToToken(name) <= ts.SyntaxKind.LastKeyword) {
      lines.push(`declare const export_${name}: typeof mod.${name};`, `export { export_${name} as ${name} };`);
    } else lines.push(`export import ${name} = mod.${name};`);
  }
  writeFileSync(join(dist, 'esm', esmName), lines.join('\n') + '\n');
}

writeEsmWrapper('index.js', 'index.mjs');
writeEsmWrapper('legacy/index.js', 'legacy.mjs');
writeEsmWrapper('server/graceful.js', 'graceful.mjs');
writeEsmWrapper('http2.js', 'http2.mjs');
writeEsmTypes('index.d.ts', 'index.d.mts');
writeEsmTypes('legacy/index.d.ts', 'legacy.d.mts');
writeEsmTypes('server/graceful.d.ts', 'graceful.d.mts');
writeEsmTypes('http2.d.ts', 'http2.d.mts');
rmSync(finalDist, { recursive: true, force: true });
renameSync(dist, finalDist);
