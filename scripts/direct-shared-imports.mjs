// Drops esbuild's ES-module interop wrapper around the modules a bundle takes from another bundle.
//
// A module of another bundle reaches a bundle as a small CommonJS module (`module.exports =
// require('./core.js').modules['request/request']`, see otherBundles in bundle.mjs), and esbuild
// imports CommonJS through `__toESM(require_x())`, which copies every export onto a new object as a
// getter. Each use of an import (`import_request.PorticoRequest`, `(0, import_headers.setHeader)(…)`)
// is then a getter call: on bench (a), ~150 ms of a 16 s profile of portico/5, whose layer takes most
// of its code from the core bundle. The wrapper only matters for a module that is not an ES module
// (an `export =` module, whose default import is the value itself); most modules a bundle hands out
// are ES-module objects of plain values (`esModule` in bundleEntry), and the object itself serves the
// same reads. So each such call becomes `__esMod(require_x())`, which keeps an ES-module object as it
// is and wraps anything else as before: a name of the same length, so that every line and column
// stays where the bundle's source map says; the helper is declared after the code, before the map's
// comment, where it moves nothing.

/** The `require_x` functions of the bundle that load a module of another bundle. */
function sharedRequires(code) {
  const names = new Set();
  for (const match of code.matchAll(/^var (require_\w+) = __commonJS\(\{\n {2}"portico-shared:/gm)) names.add(match[1]);
  return names;
}

const HELPER = 'function __esMod(mod) { return mod != null && mod.__esModule === true ? mod : __toESM(mod); }\n';

/** Returns `code` with `__toESM(require_x())` written as `__esMod(require_x())` for every shared module. */
export function directSharedImports(code) {
  const shared = sharedRequires(code);
  let replaced = 0;
  const out = code.replace(/__toESM\((require_\w+)\(\)\)/g, (call, name) => {
    if (!shared.has(name)) return call;
    replaced++;
    return `__esMod(${name}())`;
  });
  if (replaced === 0) return { code, replaced };
  const mapComment = out.lastIndexOf('//# sourceMappingURL=');
  const at = mapComment >= 0 ? mapComment : out.length;
  return { code: out.slice(0, at) + HELPER + out.slice(at), replaced };
}
