import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { newestMtime } from '../helpers/newest-mtime';

/*
 * What `require('portico')` and an app's first response load, in a fresh process. Optional features
 * load their modules when an app first uses them (src/lazy-module.ts); this guard fails when the
 * default path starts loading one of them again, and checks that using each feature does load it and
 * works over real HTTP. It runs the built package (dist/), as an application requires it.
 *
 * dist/ is bundled (scripts/bundle.mjs): the probe sees bundle files (dist/bundle/core.js…), which
 * dist/bundle/modules.json maps back to the source modules each one holds; a loaded bundle counts as
 * loading every module in it, so `dist/files/transfer-file.js` below means "the bundle holding
 * src/files/transfer-file.ts".
 */

const root = join(__dirname, '..', '..');
const probe = join(__dirname, 'fixtures', 'module-probe.cjs');

/** A module only an optional feature needs: how to recognise it among loaded files and built-ins. */
interface OptionalModule {
  name: string;
  matches(path: string): boolean;
}

const pkg = (name: string): OptionalModule => ({ name, matches: (p) => p.includes(`${sep}node_modules${sep}${name}${sep}`) });
const own = (file: string): OptionalModule => ({
  name: `dist/${file}`,
  matches: (p) => p.includes(`${sep}dist${sep}${file.split('/').join(sep)}`),
});
const builtin = (name: string): OptionalModule => ({ name: `node:${name}`, matches: (p) => p === `builtin:${name}` });

const QS = [pkg('qs'), pkg('side-channel'), pkg('get-intrinsic')];
const TYPE_IS = [pkg('type-is'), pkg('mime-db')];
const FILE_SENDER = [own('files/transfer-file.js'), own('files/stream-file.js')];
const HTTP2 = [own('transport/http2-objects.js'), builtin('http2')];
/** The analysis of a route pattern that needs a RegExp, and the memoising matcher (path-pattern.ts). */
const PATTERN_ANALYSIS = [own('router/backtracking-guard.js'), own('router/regex-subset.js'), own('router/memo-matcher.js')];
/** Express 5's path syntax and router 2's layer fields (layer.ts). */
const EXPRESS5_LAYER = [own('router/layer5-fields.js'), own('router/patterns/express5.js')];

/** Nothing here may load before an app uses the feature that needs it. */
const OPTIONAL: OptionalModule[] = [
  ...QS,
  ...TYPE_IS,
  pkg('iconv-lite'),
  pkg('busboy'),
  pkg('negotiator'),
  pkg('proxy-addr'),
  own('legacy/'),
  own('views/render-application.js'),
  ...FILE_SENDER,
  ...HTTP2,
  ...PATTERN_ANALYSIS,
  ...EXPRESS5_LAYER,
  own('body/read.js'),
  builtin('zlib'),
  // Reason phrases: res.sendStatus, res.redirect and the final handler's 404 and error pages.
  pkg('statuses'),
  // The final handler's page encoders; the parsers of a `limit` ('1mb') and a `maxAge` ('1d')
  // written as strings; res.vary.
  pkg('encodeurl'),
  pkg('escape-html'),
  pkg('bytes'),
  pkg('ms'),
  pkg('vary'),
  // The comparison of validators: the first conditional request.
  pkg('fresh'),
  // The parser of a Content-Type with parameters (a bare `type/subtype` is written directly).
  pkg('content-type'),
];

/**
 * Everything `require('portico')` may load, in load order: its stub, the core bundle and mime.
 * A new file here (a package, a bundle, a built-in module) must be a choice.
 */
const DEFAULT_FILES = [
  'dist/index.js',
  'dist/bundle/core.js',
  // `portico.static.mime` is mime@1.6 itself, a data property as in Express 4.
  'mime',
];

/** Loaded files as `dist/…` paths and package names (one entry per package), built-ins as `node:…`. */
function describeFiles(files: string[]): string[] {
  // node's internals are node's own doing, not the package's: under coverage (NODE_V8_COVERAGE, as
  // `npm test` runs) node loads its source-map cache for every file with a sourceMappingURL.
  const described = files.filter((p) => p !== probe && !p.startsWith('builtin:internal/') && !p.startsWith('node:internal/')).map((p) => {
    if (p.startsWith('builtin:')) return `node:${p.slice('builtin:'.length)}`;
    const inPackage = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(p);
    if (inPackage) return inPackage[1].split(sep).join('/');
    return p.startsWith(dist + sep) ? 'dist/' + p.slice(dist.length + 1).split(sep).join('/') : p;
  });
  return [...new Set(described)];
}

/** Nor does `require('portico')` load node:crypto (an app's first short bodies are tagged without it). */
const OPTIONAL_AT_REQUIRE = [...OPTIONAL, builtin('crypto')];

interface ProbeResult {
  result?: { status: number; type: string | null; body: string };
  /** Files and built-ins loaded, each bundle expanded to the modules it holds. */
  modules: string[];
  /** Files and built-ins loaded, as the process saw them. */
  files?: string[];
}

let dist = join(root, 'dist');
let built: string | undefined;

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The source modules each bundle of dist/ holds, by bundle file name. */
function bundleContents(): Record<string, string[]> {
  return JSON.parse(readFileSync(join(dist, 'bundle', 'modules.json'), 'utf8')) as Record<string, string[]>;
}

/** A loaded bundle file stands for the modules it holds, as their per-file paths in dist/. */
function expandBundles(modules: string[]): string[] {
  const contents = bundleContents();
  const bundleDir = join(dist, 'bundle') + sep;
  return modules.flatMap((p) => {
    if (!p.startsWith(bundleDir) || !p.endsWith('.js')) return [p];
    const held = contents[p.slice(bundleDir.length, -'.js'.length)];
    assert.ok(held, `${p} is listed in dist/bundle/modules.json`);
    return [p, ...held.map((id) => join(dist, ...`${id}.js`.split('/')))];
  });
}

/** Runs the probe for a scenario in a fresh node process. */
async function probeScenario(scenario: string): Promise<ProbeResult> {
  const { code, stdout, stderr } = await run(process.execPath, [probe, join(dist, 'index.js'), scenario]);
  assert.equal(code, 0, `probe ${scenario} failed: ${stderr}`);
  const result = JSON.parse(stdout.trim().split('\n').pop() as string) as ProbeResult;
  return { ...result, files: result.modules, modules: expandBundles(result.modules) };
}

function loadedOf(result: ProbeResult, list: OptionalModule[]): string[] {
  return list.filter((m) => result.modules.some((p) => m.matches(p))).map((m) => m.name);
}

before(async () => {
  // dist/ as `npm run build` leaves it (npm test builds first); when it is older than src/, the
  // package is compiled into a temporary folder instead, so the test never judges a stale build.
  const fresh = existsSync(join(dist, 'index.js')) && statSync(join(dist, 'index.js')).mtimeMs >= newestMtime(join(root, 'src'));
  if (fresh) return;
  built = mkdtempSync(join(tmpdir(), 'portico-startup-'));
  symlinkSync(join(root, 'node_modules'), join(built, 'node_modules'), 'dir');
  dist = join(built, 'dist');
  const { code, stdout, stderr } = await run(process.execPath, [join(root, 'scripts', 'build.mjs'), dist]);
  assert.equal(code, 0, stdout + stderr);
});

after(() => {
  if (built !== undefined) rmSync(built, { recursive: true, force: true });
});

describe('require("portico") in a fresh process', () => {
  it('loads none of the optional features\' modules, nor node:crypto', async () => {
    const result = await probeScenario('require');
    assert.deepEqual(loadedOf(result, OPTIONAL_AT_REQUIRE), []);
    // The default path is Portico's own files and mime.
    assert.ok(result.modules.some((p) => p.endsWith(`${sep}dist${sep}index.js`)), 'the probe loaded the package');
  });

  it('loads exactly the entry, the core bundle and mime', async () => {
    const result = await probeScenario('require');
    assert.deepEqual(describeFiles(result.files ?? []), DEFAULT_FILES);
    // The core bundle holds none of the optional features' modules (a lazy require of one of them
    // bundled into it would not show as a file of its own).
    const core = bundleContents().core.map((id) => join(dist, ...`${id}.js`.split('/')));
    assert.deepEqual(loadedOf({ modules: core }, OPTIONAL), []);
  });

  it('answers GET /hello of the benchmark app (body parsers, static files, 100 routes) without loading them, nor node:crypto', async () => {
    const result = await probeScenario('default');
    assert.deepEqual(result.result, { status: 200, type: 'text/html; charset=utf-8', body: 'Hello, World!' });
    assert.deepEqual(loadedOf(result, OPTIONAL_AT_REQUIRE), []);
  });
});

/** Each feature, used over real HTTP: the answer is right, and it loaded what it needs (and only that). */
const FEATURES: {
  scenario: string;
  title: string;
  answer: { status: number; body: string };
  loads: OptionalModule[];
  notLoads?: OptionalModule[];
}[] = [
  { scenario: 'query-empty', title: 'an extended query parser with no query string', answer: { status: 200, body: '{}' }, loads: [], notLoads: QS },
  { scenario: 'query-simple', title: 'the simple query parser', answer: { status: 200, body: '{"a[b]":"1","c":"2"}' }, loads: [], notLoads: QS },
  { scenario: 'query-extended', title: 'the extended query parser on a query string', answer: { status: 200, body: '{"a":{"b":"1"},"c":"2"}' }, loads: QS },
  { scenario: 'urlencoded-extended', title: 'an extended URL-encoded body', answer: { status: 200, body: '{"a":{"b":"1"},"c":"2"}' }, loads: [...QS, own('body/read.js')] },
  { scenario: 'json-body', title: 'a JSON body', answer: { status: 200, body: '{"a":1}' }, loads: [own('body/read.js'), ...TYPE_IS], notLoads: [pkg('iconv-lite'), builtin('zlib'), ...QS] },
  { scenario: 'text-latin1', title: 'a text body in ISO-8859-1', answer: { status: 200, body: 'café' }, loads: [pkg('iconv-lite')] },
  { scenario: 'json-gzip', title: 'a gzip-compressed JSON body', answer: { status: 200, body: '{"z":true}' }, loads: [builtin('zlib')] },
  { scenario: 'static', title: 'a static file', answer: { status: 200, body: 'a static file\n' }, loads: FILE_SENDER },
  { scenario: 'send-file', title: 'res.sendFile', answer: { status: 200, body: 'a static file\n' }, loads: FILE_SENDER },
  { scenario: 'render', title: 'res.render', answer: { status: 200, body: 'Hello, views!' }, loads: [own('views/render-application.js')] },
  { scenario: 'req-ip', title: 'req.ip', answer: { status: 200, body: '127.0.0.1' }, loads: [pkg('proxy-addr')] },
  { scenario: 'trust-proxy', title: 'trust proxy by address', answer: { status: 200, body: '203.0.113.9' }, loads: [pkg('proxy-addr')] },
  { scenario: 'accepts', title: 'req.accepts', answer: { status: 200, body: 'html' }, loads: [pkg('negotiator'), ...TYPE_IS] },
  { scenario: 'req-is', title: 'req.is', answer: { status: 200, body: 'json' }, loads: TYPE_IS },
  { scenario: 'http2', title: 'an HTTP/2 request (h2c)', answer: { status: 200, body: 'Hello, World!' }, loads: HTTP2 },
  { scenario: 'legacy', title: "the 3.x layer's multipart body parser", answer: { status: 200, body: 'f' }, loads: [own('legacy/'), pkg('busboy')] },
  { scenario: 'type-parameter', title: 'a Content-Type with a parameter', answer: { status: 200, body: 'x' }, loads: [pkg('content-type')] },
  { scenario: 'conditional', title: 'a conditional GET', answer: { status: 304, body: '' }, loads: [pkg('fresh')] },
  { scenario: 'route-pattern', title: 'a route whose parameter has its own pattern', answer: { status: 200, body: '42' }, loads: PATTERN_ANALYSIS, notLoads: EXPRESS5_LAYER },
  { scenario: 'express5', title: 'an Express 5 route with a wildcard', answer: { status: 200, body: 'a+b' }, loads: EXPRESS5_LAYER },
];

describe('using a feature loads its modules, and the feature works', () => {
  for (const feature of FEATURES) {
    it(`${feature.title}: ${feature.loads.map((m) => m.name).join(', ') || 'nothing optional'}`, async () => {
      const result = await probeScenario(feature.scenario);
      assert.ok(result.result, 'the probe answered');
      assert.deepEqual({ status: result.result.status, body: result.result.body }, feature.answer);
      assert.deepEqual(loadedOf(result, feature.loads), feature.loads.map((m) => m.name));
      if (feature.notLoads) assert.deepEqual(loadedOf(result, feature.notLoads), []);
    });
  }

  it('the signed cookie of res.cookie, with node:crypto', async () => {
    const result = await probeScenario('signed-cookie');
    assert.ok(result.result);
    assert.equal(result.result.status, 200);
    assert.match(result.result.body, /^s=s%3Av\.[\w%]+; Path=\/$/);
    assert.deepEqual(loadedOf(result, [builtin('crypto')]), ['node:crypto']);
  });
});
