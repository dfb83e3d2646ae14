// Removes the name helper calls of a bundle that change nothing.
//
// esbuild's `keepNames` wraps every named function and class in `__name(fn, "name")`, because a
// bundle may rename a declaration (`router` → `router2`) where two modules share a name, and the
// name is part of the behaviour (a layer's `name`, `err.name`, `constructor.name`). Most of those
// calls restore the name the function already has; and a call around a function created inside
// another function runs every time that closure is made: the router's `next` once per request.
// They cost ~4.6% of the instructions of a request on bench scenario (a).
//
// A class is worse off still. For ES2019, esbuild writes `var _X = class _X {…}; __name(_X, "X");`,
// and a class constructor whose `name` was redefined that way is never optimised by V8 as long as
// requests keep coming: each attempt is aborted ("dependency change", a stable map that no longer
// is). node:http calls the request and response classes' constructors for every request, so on
// bench (a) portico/5's request cost ~95,000 instructions instead of ~50,000.
//
// A call is a no-op when the wrapped function would get the same name without it: a named
// function expression or declaration of that name, an arrow or anonymous function bound by
// `const name =`, `name =` or `{ name: … }`, a class whose own name is that name. Those calls are blanked
// with spaces, character for character, so that every line and column stays where the bundle's
// source map says it is. Calls that really restore a renamed name are kept.
import * as acorn from 'acorn';

/** The name a function or class gets without help, from its own id or from where it is bound. */
function naturalName(node, parent) {
  if (node.id) return node.id.name;
  if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression' && node.type !== 'ClassExpression') return undefined;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left.type === 'Identifier') return parent.left.name;
  if (parent?.type === 'Property' && !parent.computed && parent.kind === 'init' && !parent.method) {
    if (parent.key.type === 'Identifier') return parent.key.name;
    if (parent.key.type === 'Literal' && typeof parent.key.value === 'string') return parent.key.value;
  }
  return undefined;
}

/**
 * For a function or class expression whose own name esbuild renamed (`router` → `router2`), the
 * places to write `name` back: its id and every reference to it inside, or undefined when that is
 * not safe: the function mentions `name` itself (it would be captured), declares the renamed id
 * anew, or uses it as a shorthand property (whose key would change).
 */
function restorableId(target, name) {
  if ((target.type !== 'FunctionExpression' && target.type !== 'ClassExpression') || !target.id) return undefined;
  const id = target.id.name;
  if (id.length < name.length) return undefined;
  const places = [target.id];
  let safe = true;
  const check = (node, parent) => {
    if (node.type === 'Property' && node.shorthand && node.key.name === id) safe = false;
    if (node.type !== 'Identifier') return;
    // A property name (`req.query`, `{ query: 1 }`) is no binding: it neither captures nor refers.
    const isKey = (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) ||
      ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.key === node && !parent.computed && !parent.shorthand);
    if (isKey) return;
    if (node.name === name) safe = false;
    if (node.name !== id) return;
    const declares = (parent.type === 'VariableDeclarator' && parent.id === node) || (parent.type.includes('Function') && parent !== target) || parent.type.includes('Class') || parent.type === 'CatchClause';
    if (declares) safe = false;
    else places.push(node);
  };
  walk(target.body, target, [], check);
  for (const param of target.params ?? []) walk(param, target, [], check);
  if (target.superClass) walk(target.superClass, target, [], check);
  return safe ? places : undefined;
}

/** Visits every node with its parent and its own ancestors' classes (for `__name(this, …)`). */
function walk(node, parent, classes, visit) {
  if (node === null || typeof node !== 'object' || typeof node.type !== 'string') return;
  visit(node, parent, classes);
  const inner = node.type === 'ClassDeclaration' || node.type === 'ClassExpression' ? [...classes, { node, parent }] : classes;
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) for (const c of child) walk(c, node, inner, visit);
    else if (child && typeof child.type === 'string') walk(child, node, inner, visit);
  }
}

/** Whether `__name(target, "name")` gives `target` the name it has anyway. */
function noOpName(target, parent, classes, name, declared) {
  if (target.type === 'ThisExpression') {
    // `static { __name(this, "X"); }` inside a class.
    const owner = classes[classes.length - 1];
    return owner !== undefined && naturalName(owner.node, owner.parent) === name;
  }
  if (target.type === 'Identifier') return target.name === name && declared.has(name);
  return naturalName(target, parent) === name;
}

const isNameCall = (node) =>
  node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === '__name' &&
  node.arguments.length === 2 && node.arguments[1].type === 'Literal' && typeof node.arguments[1].value === 'string';

/** Returns `code` with the no-op `__name` calls blanked, how many were (`dropped`) and how many stay (`kept`). */
export function dropNoOpNames(code) {
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true });
  const declared = new Set();
  const blanks = [];
  const renames = [];
  let kept = 0;
  let dropped = 0;
  const staticBlockOf = new Map();
  const classBoundTo = new Map();
  walk(ast, null, [], (node) => {
    if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') declared.add(node.id.name);
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init?.type === 'ClassExpression' && node.init.id?.name === node.id.name) {
      classBoundTo.set(node.id.name, node.init);
    }
    if (node.type === 'StaticBlock') for (const statement of node.body) staticBlockOf.set(statement, node);
  });
  walk(ast, null, [], (node, parent, classes) => {
    if (!isNameCall(node)) return;
    const [target, label] = node.arguments;
    const name = label.value;
    // `var _X = class _X {…}; __name(_X, "X");`: how esbuild lowers a class for ES2019. The call is a
    // statement of its own; what it names is the class expression, whose id can be given back.
    const named = target.type === 'Identifier' && parent.type === 'ExpressionStatement' ? classBoundTo.get(target.name) ?? target : target;
    const places = noOpName(named, parent, classes, name, declared) ? [] : restorableId(named, name);
    if (places === undefined) {
      kept++;
      return;
    }
    // `__name(function router2() {…}, "router")`: esbuild renamed the function's own name only so
    // that it could not shadow a top-level `router` of another module. When the function's body
    // does not name `router`, giving it back its name (at its id and where the body refers to it)
    // is safe, and it has that name without the call. Each place keeps its length (`router2` →
    // `router `), so columns do not move.
    for (const place of places) renames.push([place.start, place.end, name]);
    dropped++;
    if (parent.type === 'ExpressionStatement') {
      // A class's `static { __name(this, "X"); }` goes whole: V8 gives a class with a static block an
      // initialiser function of its own.
      const block = staticBlockOf.get(parent);
      blanks.push(block !== undefined && block.body.length === 1 ? [block.start, block.end] : [parent.start, parent.end]);
    } else {
      // The call around an expression: blank what precedes the function (`/* @__PURE__ */ __name(`,
      // which starts at the comment) and what follows it (`, "name")`).
      const before = code.lastIndexOf('/* @__PURE__ */', node.start);
      const start = before >= 0 && code.slice(before + '/* @__PURE__ */'.length, node.start).trim() === '' ? before : node.start;
      blanks.push([start, target.start], [target.end, node.end]);
    }
  });
  const chars = code.split('');
  for (const [from, to] of blanks) for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  for (const [from, to, name] of renames) for (let i = from; i < to; i++) chars[i] = name[i - from] ?? ' ';
  return { code: chars.join(''), dropped, kept };
}
