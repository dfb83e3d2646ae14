// Runs one documentation sample in a process of its own and sends it the requests its
// `<!-- sample -->` comment lists; checks fragments for syntax. See extract.mjs for the conventions.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireFromRoot = createRequire(join(root, 'package.json'));
const PRELOAD = join(root, 'scripts', 'docs-samples', 'preload.cjs');
const START_TIMEOUT_MS = 10_000;

/** Where `require('portico…')` leads in a run: Portico's build, or the Express it is compared with. */
export function moduleMap(framework) {
  const dist = (...p) => join(root, 'dist', ...p);
  const own = { 'portico/graceful': dist('server', 'graceful.js'), 'portico/http2': dist('http2.js') };
  if (framework === 'express') {
    return { ...own, portico: requireFromRoot.resolve('express'), 'portico/legacy': requireFromRoot.resolve('express3'), 'portico/5': requireFromRoot.resolve('express5') };
  }
  return { ...own, portico: dist('index.js'), 'portico/legacy': dist('legacy', 'index.js'), 'portico/5': dist('express5', 'index.js') };
}

/** Throws with the position when `code` does not parse (JavaScript with acorn, TypeScript with tsc). */
export function checkSyntax(code, typescript) {
  if (typescript) {
    const out = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
    const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) throw new Error(`does not parse: ${ts.flattenDiagnosticMessageText(errors[0].messageText, '\n')}`);
    return out.outputText;
  }
  try {
    parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true });
  } catch (err) {
    throw new Error(`does not parse: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return code;
}

/** The program a sample runs as: its setup lines, its code (TypeScript compiled), and a listen() for an app that has none. */
export function sampleProgram(sample) {
  const code = sample.typescript
    ? ts.transpileModule(sample.code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText
    : sample.code;
  checkSyntax(sample.code, sample.typescript);
  // A sample that builds `app` without starting it is started, so that its routes can be requested.
  const start = "\n;if (typeof app !== 'undefined' && typeof app.listen === 'function' && !globalThis.__docsSampleListening) app.listen();\n";
  return `${sample.spec.setup.join('\n')}\n${code}${start}`;
}

/** Writes the files a sample's comment asks for into its folder. */
export function prepareFolder(sample, dir) {
  mkdirSync(dir, { recursive: true });
  for (const { path, content } of sample.spec.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  for (const { path, from } of sample.spec.copies) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    copyFileSync(join(root, from), join(dir, path));
  }
  writeFileSync(join(dir, 'sample.cjs'), sampleProgram(sample));
}

/** One request to the sample, over HTTP or (tls) HTTPS with the sample's own certificate accepted. */
function request(port, exchange, tls) {
  return new Promise((resolve, reject) => {
    const client = tls ? https : http;
    const req = client.request(
      { host: '127.0.0.1', port, method: exchange.method, path: exchange.path, headers: exchange.headers, agent: false, rejectUnauthorized: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer to ${exchange.text} within 5 s`)));
    req.on('error', reject);
    if (exchange.body !== undefined) req.write(exchange.body);
    req.end();
  });
}

/**
 * Runs the prepared sample in `dir` on `framework` ('portico' or 'express') and sends it `exchanges`.
 * Resolves with `{ listened, responses }`: whether it started a server, and the response to each.
 * Rejects when the sample throws, exits with an error, or its server does not answer.
 */
export function runPrepared(sample, dir, framework, exchanges = sample.spec.exchanges) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, join(dir, 'sample.cjs')], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', DOCS_SAMPLE_MODULES: JSON.stringify(moduleMap(framework)), NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    let settled = false;
    const finish = (err, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      const where = framework === 'express' ? 'on Express: ' : '';
      if (err) reject(new Error(`${where}${err.message}${output ? `\n--- sample output (${framework}) ---\n${output}` : ''}`));
      else resolve(value);
    };
    const timer = setTimeout(() => finish(new Error(`neither listened nor exited within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    child.on('error', (err) => finish(err));
    child.on('exit', (code, signal) => {
      if (code === 0) finish(null, { listened: false, responses: [] });
      else finish(new Error(`exited with ${code ?? signal} before listening`));
    });
    child.on('message', async (message) => {
      if (!message || typeof message.listening !== 'number') return;
      try {
        const responses = [];
        for (const exchange of exchanges) responses.push(await request(message.listening, exchange, sample.spec.tls));
        finish(null, { listened: true, responses });
      } catch (err) {
        finish(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

/** What a response fails of its exchange's expectations (status, listed headers, body). */
export function checkExchange(exchange, response) {
  const problems = [];
  if (response.status !== exchange.status) problems.push(`status ${response.status}, expected ${exchange.status}`);
  for (const [name, value] of exchange.expectHeaders) {
    const got = response.headers[name];
    const text = Array.isArray(got) ? got.join(', ') : got;
    if (text !== value) problems.push(`${name}: ${JSON.stringify(text)}, expected ${JSON.stringify(value)}`);
  }
  const body = exchange.expectBody;
  if (body && 'exact' in body && response.text !== body.exact) problems.push(`body ${JSON.stringify(response.text)}, expected ${JSON.stringify(body.exact)}`);
  if (body && 'contains' in body && !response.text.includes(body.contains)) problems.push(`body ${JSON.stringify(response.text.slice(0, 300))} lacks ${JSON.stringify(body.contains)}`);
  return problems.map((p) => `${exchange.text}: ${p}`);
}

// Headers that differ between any two servers, or by design (X-Powered-By: Portico).
const VOLATILE = new Set(['date', 'x-powered-by', 'connection', 'keep-alive']);

/** The differences between Portico's and Express's responses to the same exchange. */
export function compareResponses(exchange, portico, express) {
  const problems = [];
  if (portico.status !== express.status) problems.push(`status ${portico.status} on Portico, ${express.status} on Express`);
  if (portico.text !== express.text) problems.push(`body ${JSON.stringify(portico.text.slice(0, 300))} on Portico, ${JSON.stringify(express.text.slice(0, 300))} on Express`);
  const names = new Set([...Object.keys(portico.headers), ...Object.keys(express.headers)].filter((h) => !VOLATILE.has(h)));
  for (const name of names) {
    const a = JSON.stringify(portico.headers[name]);
    const b = JSON.stringify(express.headers[name]);
    if (a !== b) problems.push(`${name}: ${a} on Portico, ${b} on Express`);
  }
  return problems.map((p) => `${exchange.text}: ${p}`);
}
