// Writes Node's core modules without the `node:` prefix in the published files.
//
// Express 4 requires `events`, `http`, `path`, … as plain names, and the tools that Express 4
// projects still run resolve only those: jest 26 and older look for a file called `node:events`
// (ENOENT), and so do other bundlers and module hooks of that age. The sources keep the prefix
// (clearer, and what the lint rules expect); the build rewrites every real module reference of
// the emitted JavaScript (`require("node:x")`, `import … from "node:x"`, `export … from "node:x"`,
// `import("node:x")`) and of the declarations (`from 'node:x'`, `import('node:x')`).
//
// The JavaScript is parsed with acorn, so a `node:` string that is only text (the starter's
// templates of a new project's test file) is left as it is. Each literal is rewritten in place and
// padded with spaces after its closing quote's expression, so every later column on the line stays
// where the source map says. A module that exists only with the prefix (`node:test`, `node:sqlite`,
// `node:sea`) cannot be written without it: the build fails instead of publishing it.
import * as acorn from 'acorn';
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLAIN = new Set(builtinModules);

/** The plain name of `node:x`, or an error for a module that has no plain name. */
function plainName(specifier, file) {
  const name = specifier.slice('node:'.length);
  if (!PLAIN.has(name)) throw new Error(`${file}: '${specifier}' exists only with the node: prefix and cannot be published for older tools`);
  return name;
}

/** The string literals of `code` that name a module: require calls, imports, exports, dynamic imports. */
function moduleLiterals(code) {
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true, allowReturnOutsideFunction: true });
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) found.push(node.arguments[0]);
    if (node.type === 'ImportExpression') found.push(node.source);
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) found.push(node.source);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value.type === 'string') visit(value);
    }
  };
  visit(ast);
  return found.filter((n) => n.type === 'Literal' && typeof n.value === 'string' && n.value.startsWith('node:'));
}

/** `code` with each `node:` module literal rewritten, column for column. */
export function unprefixJavaScript(code, file = '<code>') {
  const literals = moduleLiterals(code).sort((a, b) => b.start - a.start);
  let out = code;
  for (const literal of literals) {
    const quote = code[literal.start];
    const replacement = quote + plainName(literal.value, file) + quote;
    const pad = ' '.repeat(literal.end - literal.start - replacement.length);
    // The padding goes after the literal's enclosing call or statement token, so the code still
    // reads as one literal: `require("fs")` followed by spaces, never inside the quotes.
    const close = code[literal.end] === ')' ? literal.end + 1 : literal.end;
    out = out.slice(0, literal.start) + replacement + out.slice(literal.end, close) + pad + out.slice(close);
  }
  return out;
}

/** `text` of a declaration file with each `node:` module specifier rewritten. */
export function unprefixDeclarations(text, file = '<declarations>') {
  return text.replace(/(\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(["'])(node:[^"']+)\2/g, (_, lead, quote, specifier) => `${lead}${quote}${plainName(specifier, file)}${quote}`);
}

/** Rewrites every .js, .mjs, .cjs, .d.ts and .d.mts file under `folder`. */
export function unprefixFolder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      unprefixFolder(path);
      continue;
    }
    const isDeclaration = /\.d\.m?ts$/.test(entry.name);
    if (!isDeclaration && !/\.[cm]?js$/.test(entry.name)) continue;
    const text = readFileSync(path, 'utf8');
    if (!text.includes('node:')) continue;
    const rewritten = isDeclaration ? unprefixDeclarations(text, path) : unprefixJavaScript(text, path);
    if (rewritten !== text) writeFileSync(path, rewritten);
  }
}
