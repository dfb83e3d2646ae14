// Lists the value imports between the folders of src/ and the cycles they form.
//
// Usage: node scripts/folder-cycles.mjs [--edges]
//   prints each folder-to-folder edge (with the files behind it when --edges is given) and every
//   strongly connected group of two or more folders; exits 1 when there is such a group.
//
// A type-only import (`import type`, `export type`, or named imports all marked `type`) costs nothing
// at run time and is left out. Files at the top of src/ count as the folder '.'. The lint step's
// dependency-cruiser rules enforce the same thing; this script is the quick picture of where the
// edges are, for the docs and for moving files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const showFiles = process.argv.includes('--edges');

/** Every .ts file under dir. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative specifiers a file imports for a value (type-only imports left out). */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && clause.namedBindings
        && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0
        && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause)
        && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)
      && !node.isTypeOnly) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword
        || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      found.push(node.arguments[0].text);
    }
    // Type positions (`import('./x').T` in a type) are ImportTypeNodes, not calls: never counted.
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** The folder of src/ a file belongs to ('.' for the top). */
function folderOf(file) {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 ? parts[0] : '.';
}

const edges = new Map(); // 'from -> to' => [file lines]
for (const file of sourceFiles(root)) {
  for (const specifier of valueImports(file)) {
    const target = resolve(dirname(file), specifier);
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to || relative(root, target).startsWith('..')) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${relative(root, file)} -> ${specifier}`);
  }
}

// Tarjan's strongly connected components over the folder graph.
const graph = new Map();
for (const key of edges.keys()) {
  const [from, to] = key.split(' -> ');
  if (!graph.has(from)) graph.set(from, []);
  if (!graph.has(to)) graph.set(to, []);
  graph.get(from).push(to);
}
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const groups = [];
let counter = 0;
function strongConnect(node) {
  index.set(node, counter);
  low.set(node, counter++);
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node)) {
    if (!index.has(next)) {
      strongConnect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) === index.get(node)) {
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const node of [...graph.keys()].sort()) if (!index.has(node)) strongConnect(node);

console.log('Value imports between folders of src/:');
for (const key of [...edges.keys()].sort()) {
  console.log(`  ${key}  (${edges.get(key).length})`);
  if (showFiles) for (const line of edges.get(key)) console.log(`      ${line}`);
}
if (groups.length === 0) {
  console.log('No folder cycle.');
} else {
  for (const group of groups) {
    console.log(`Cycle: ${group.join(', ')}`);
    for (const key of [...edges.keys()].sort()) {
      const [from, to] = key.split(' -> ');
      if (group.includes(from) && group.includes(to)) {
        console.log(`  ${key}`);
        for (const line of edges.get(key)) console.log(`      ${line}`);
      }
    }
  }
  process.exitCode = 1;
}
