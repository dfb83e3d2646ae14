// The published types: the type tests of test/types compile, their negative cases stay errors, code
// written for @types/express compiles against Portico unchanged, and every member the interfaces
// declare exists on the objects Portico builds at run time.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { METHODS } from 'node:http';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import portico from '../src/index';
import legacy from '../src/legacy/index';
import { withServer, send } from './helpers/server';
import { assertOnlyMarkedLinesRejected } from './helpers/marked-errors';

const root = join(__dirname, '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

interface CompileResult {
  code: number;
  output: string;
}

/** The environment of child processes: without NODE_V8_COVERAGE, so a coverage run does not record the compiler. */
const childEnv = { ...process.env };
delete childEnv.NODE_V8_COVERAGE;

/** Runs `tsc <args>` and collects its exit code and output. */
function runTsc(args: string[]): Promise<CompileResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [tsc, ...args], { cwd: root, env: childEnv, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, output: stdout + stderr });
    });
  });
}

/** Runs `tsc -p <project>` (relative to the repository root, or absolute). */
function compile(project: string): Promise<CompileResult> {
  return runTsc(['-p', project.startsWith('/') ? project : join(root, project)]);
}

/*
 * The corpus (test/types/fixtures/corpus) is code written for Express with `import … from 'express'`. It is
 * compiled with `express` resolving to @types/express, and with `express` mapped to the declarations
 * Portico generates from src/ (emitted here, into a temporary directory that sees the repository's
 * node_modules). Its file wrongly-accepted.ts holds what @types/express accepts and Portico rejects on purpose.
 */
const corpus = join(root, 'test/types/fixtures/corpus');
const generatedTypes = mkdtempSync(join(tmpdir(), 'portico-types-'));
after(() => rmSync(generatedTypes, { recursive: true, force: true }));
symlinkSync(join(root, 'node_modules'), join(generatedTypes, 'node_modules'), 'dir');

/** Writes a tsconfig extending the corpus's, with `express` mapped to Portico's generated declarations. */
function corpusConfigForPortico(name: string, files: { include?: string[]; files?: string[] }): string {
  const config = join(generatedTypes, name);
  const paths = { express: [join(generatedTypes, 'dist/index.d.ts')] };
  writeFileSync(config, JSON.stringify({ extends: join(corpus, 'tsconfig.json'), compilerOptions: { paths }, ...files }, null, 2));
  return config;
}

const declarationsEmitted = runTsc(['-p', join(root, 'tsconfig.json'), '--outDir', join(generatedTypes, 'dist'), '--emitDeclarationOnly', '--sourceMap', 'false']);
const corpusWithExpressTypes = compile(join(corpus, 'tsconfig.json'));
const corpusWithPorticoTypes = declarationsEmitted.then((emitted) =>
  emitted.code !== 0 ? emitted : compile(corpusConfigForPortico('tsconfig.corpus.json', { include: [join(corpus, 'app/**/*.ts')] })),
);
const wronglyAcceptedWithPortico = declarationsEmitted.then((emitted) =>
  emitted.code !== 0 ? emitted : compile(corpusConfigForPortico('tsconfig.wrongly-accepted.json', { include: [], files: [join(corpus, 'wrongly-accepted.ts')] })),
);

// The compilations are independent: start them all at once, each test awaits its own.
const typeTests = compile('test/types/tsconfig.json');
const strictProgram = compile('test/types/fixtures/strict/tsconfig.json');
const sampleWithExpressTypes = compile('test/types/fixtures/express-compat/tsconfig.express.json');
const sampleWithPorticoTypes = compile('test/types/fixtures/express-compat/tsconfig.portico.json');

describe('type tests (tsc --noEmit)', () => {
  it('compile: route parameters, handlers, request, response, application, imports, legacy, augmentation', async () => {
    const { code, output } = await typeTests;
    assert.equal(code, 0, output);
  });

  it('compile with the strict opt-in (TypeOptions.strict: every loose default is unknown)', async () => {
    const { code, output } = await strictProgram;
    assert.equal(code, 0, output);
  });

  it('report the errors of a wrongly typed handler (unknown parameter, link URL, render callback)', () => {
    const file = program.getSourceFile(negativeFixture);
    assert.ok(file);
    const errors = ts
      .getPreEmitDiagnostics(program, file)
      .map((d) => `${file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    assert.equal(errors.length, 3, errors.join('\n'));
    assert.match(errors[0], /^7: TS2339 Property 'name' does not exist on type '\{ id: string; \}'/);
    assert.match(errors[1], /^8: TS2322 /);
    assert.match(errors[2], /^9: TS2769 /);
  });
});

describe('the corpus of code written for Express (test/types/fixtures/corpus)', () => {
  it('is valid against @types/express, including what only @types/express accepts', async () => {
    const { code, output } = await corpusWithExpressTypes;
    assert.equal(code, 0, output);
  });

  it('compiles unchanged against the declarations Portico generates', async () => {
    const { code, output } = await corpusWithPorticoTypes;
    assert.equal(code, 0, output);
  });

  it('rejects, against Portico, exactly the lines marked as wrongly accepted by @types/express', async () => {
    const { output } = await wronglyAcceptedWithPortico;
    assertOnlyMarkedLinesRejected(join(corpus, 'wrongly-accepted.ts'), output, 4);
  });
});

describe('code written for @types/express', () => {
  it('is valid against @types/express', async () => {
    const { code, output } = await sampleWithExpressTypes;
    assert.equal(code, 0, output);
  });

  it('compiles against Portico with only the import changed', async () => {
    const { code, output } = await sampleWithPorticoTypes;
    assert.equal(code, 0, output);
  });
});

// One program, in process, for what needs the compiler's view: the declared members, and the errors of
// the negative fixture (which must be reported as exactly these three).
const entries = [join(root, 'src/types/index.ts'), join(root, 'src/index.ts'), join(root, 'src/legacy/index.ts')];
const negativeFixture = join(root, 'test/types/fixtures/negative/handler-errors.ts');
const program = ts.createProgram([...entries, negativeFixture], {
  strict: true,
  esModuleInterop: true,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  target: ts.ScriptTarget.ES2022,
  types: ['node'],
  noEmit: true,
  // As in tsconfig.json: src/types/express-serve-static-core.ts is a script that declares a module.
  moduleDetection: ts.ModuleDetectionKind.Auto,
});

/** The required members that interfaces of src/types declare themselves (not those inherited from node's types). */
function declaredMembers(): Map<string, string[]> {
  const files = entries;
  const checker = program.getTypeChecker();
  const ownFile = (decl: ts.Declaration): boolean => decl.getSourceFile().fileName.includes('/src/types/');
  const result = new Map<string, string[]>();

  const typesModule = checker.getSymbolAtLocation(program.getSourceFile(files[0])!)!;
  for (const exported of checker.getExportsOfModule(typesModule)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & ts.SymbolFlags.Interface)) continue;
    const names = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .filter((p) => !(p.flags & ts.SymbolFlags.Optional) && (p.declarations ?? []).some(ownFile))
      .map((p) => p.name);
    result.set(symbol.name, names);
  }
  for (const [key, file] of [['portico', files[1]], ['legacy', files[2]]] as const) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    const values = checker.getExportsOfModule(moduleSymbol).filter((s) => s.flags & ts.SymbolFlags.Variable);
    result.set(key, values.map((s) => s.name));
  }
  return result;
}

const members = declaredMembers();

/** The declared names of `iface` missing on `object` (a method this Node version's parser lacks is skipped). */
function missingOn(object: object, iface: string): string[] {
  const names = members.get(iface);
  assert.ok(names && names.length > 0, `no members found for ${iface}`);
  const knownMethods = new Set(METHODS.map((m) => m.toLowerCase()));
  // `query` is declared because current Node versions parse QUERY; older ones do not, and neither do their apps.
  return names.filter((name) => !(name in object) && !(name === 'query' && !knownMethods.has('query')));
}

describe('declared members exist at run time', () => {
  it('on the framework function, and nothing it carries is undeclared', () => {
    const declared = members.get('portico') ?? [];
    assert.deepEqual(declared.filter((name) => !(name in portico)), []);
    assert.deepEqual(Object.keys(portico).filter((name) => !declared.includes(name)), []);
  });

  it('on portico/legacy, and nothing it carries is undeclared', () => {
    const declared = members.get('legacy') ?? [];
    assert.deepEqual(declared.filter((name) => !(name in legacy)), []);
    assert.deepEqual(Object.keys(legacy).filter((name) => !declared.includes(name)), []);
  });

  it('on an application, a router and a route', () => {
    const app = portico();
    const router = portico.Router();
    app.get('/', (_req, res) => res.end());
    assert.deepEqual(missingOn(app, 'ApplicationMembers'), []);
    assert.deepEqual(missingOn(router, 'RouterMembers'), []);
    assert.deepEqual(missingOn(app.route('/r'), 'IRoute'), []);
  });

  it('on the request and the response a route handler receives', async () => {
    const app = portico();
    const found: Record<string, string[]> = {};
    app.use(portico.cookieParser('secret'), portico.json());
    app.get('/probe/:id', (req, res) => {
      found.request = missingOn(req, 'RequestMembers');
      found.response = missingOn(res, 'ResponseMembers');
      res.end();
    });
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/probe/1', headers: { cookie: 'a=b' } })).status, 200);
    });
    assert.deepEqual(found, { request: [], response: [] });
  });

  it('on a 3.x application and the request and response its handlers receive', async () => {
    const app = legacy();
    const found: Record<string, string[]> = {};
    app.use(legacy.cookieParser('secret'), legacy.bodyParser());
    app.get('/probe/:id', (req, res) => {
      found.request = missingOn(req, 'LegacyRequest');
      found.response = missingOn(res, 'LegacyResponse');
      res.end();
    });
    assert.deepEqual(missingOn(app, 'LegacyApplication'), []);
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/probe/1' })).status, 200);
    });
    assert.deepEqual(found, { request: [], response: [] });
  });
});
