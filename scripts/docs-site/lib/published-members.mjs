// The members of an exported interface of the published types (dist/esm/index.d.mts), as the
// TypeScript compiler resolves them, inheritance included, each with where it is declared: Portico's
// own .d.ts files, or Node's (IncomingMessage, ServerResponse, EventEmitter…). TypeDoc documents the
// first kind; the build lists the second on the same page (api-reference.mjs, appendNodeMembers).
import ts from 'typescript';

/** `{ name, owner, fromNode }` for every member of the interface `name` exported by `entry`. */
export function publishedMembers(entry, name) {
  const program = ts.createProgram([entry], { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, strict: true, skipLibCheck: true, types: ['node'] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry));
  const symbol = checker.getExportsOfModule(module).find((s) => s.name === name);
  if (!symbol) throw new Error(`the published types export no ${name}`);
  const type = checker.getDeclaredTypeOfSymbol(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  return checker
    .getPropertiesOfType(type)
    .filter((p) => !p.name.startsWith('__@'))
    .map((p) => {
      const declarations = p.declarations ?? [];
      const fromNode = declarations.length > 0 && declarations.every((d) => /[\\/]node_modules[\\/]@types[\\/]node[\\/]/.test(d.getSourceFile().fileName));
      const parent = declarations[0]?.parent;
      const owner = parent && (ts.isClassDeclaration(parent) || ts.isInterfaceDeclaration(parent)) && parent.name ? parent.name.text : '';
      return { name: p.name, owner, fromNode };
    });
}
