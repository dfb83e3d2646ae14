// What the bundling tests share: a project folder that installs Portico as an application does
// (node_modules/portico, a link to this package), a way to start a bundled app and learn its port,
// and the requests every bundle must answer as Portico answers them unbundled.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..');

/** A fresh folder holding the fixture app, with Portico (this package, or the one at `packageDir`) installed at node_modules/portico. */
export function makeProject(packageDir = root): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'portico-bundling-'));
  cpSync(join(__dirname, 'fixtures'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(packageDir, join(dir, 'node_modules', 'portico'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The size of a file in KiB, for the test's diagnostics. */
export function kib(file: string): string {
  return `${(statSync(file).size / 1024).toFixed(0)} KiB`;
}

/**
 * Starts `command` and resolves with its port once `readPort` finds it in what the process writes
 * to `portStream` (its stdout or an extra pipe); rejects with the process's output if it exits first.
 */
export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; portFd?: 1 | 3; readPort: (text: string) => number | undefined },
): Promise<{ port: number; child: ChildProcess; output: () => string }> {
  const stdio: Array<'ignore' | 'pipe'> = options.portFd === 3 ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio });
  let output = '';
  let portText = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
  const portStream = (options.portFd === 3 ? child.stdio[3] : child.stdout) as Readable;
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer | string): void => {
      portText += String(d);
      const port = options.readPort(portText);
      if (port === undefined) return;
      portStream.off('data', onData);
      child.off('exit', onExit);
      resolve({ port, child, output: () => output });
    };
    const onExit = (code: number | null, signal: string | null): void => {
      reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before listening:\n${output}`));
    };
    portStream.on('data', onData);
    child.on('exit', onExit);
    child.on('error', reject);
  });
}

/** Stops a process this test started and waits for it to be gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await gone;
}

/** "zoë" and "café" outside UTF-8: the body parsers decode them through iconv-lite. */
const utf16Json = Buffer.from('{"name":"zoë","tags":["a","ü"]}', 'utf16le');
const latin1Text = Buffer.from('café crème', 'latin1');

/**
 * Sends the fixture app's requests to `base` and asserts the answers Portico gives unbundled on
 * Node: in production mode error pages give the status text, in development the stack. Returns
 * how many requests were checked.
 */
export async function checkApp(base: string, mode: 'production' | 'development' = 'production'): Promise<number> {
  const page = (production: RegExp, development: RegExp): RegExp => (mode === 'production' ? production : development);
  let count = 0;
  const get = async (path: string, init?: RequestInit): Promise<Response> => {
    count++;
    return fetch(base + path, init);
  };

  let res = await get('/api/users/42?sort=name&tags[]=x');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(res.headers.get('x-powered-by'), 'Express');
  assert.deepEqual(await res.json(), { id: '42', query: { sort: 'name', tags: ['x'] } });

  res = await get('/json', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-16le' }, body: utf16Json });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { name: 'zoë', tags: ['a', 'ü'] });

  res = await get('/text', { method: 'POST', headers: { 'content-type': 'text/plain; charset=iso-8859-1' }, body: latin1Text });
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'café crème');

  res = await get('/json', { method: 'POST', headers: { 'content-type': 'application/json; charset=koi8-r' }, body: '{}' });
  assert.equal(res.status, 415, 'a JSON body in a charset other than UTF-* is refused');
  await res.arrayBuffer();

  res = await get('/form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user[name]=ann&user[age]=7' });
  assert.deepEqual(await res.json(), { user: { name: 'ann', age: '7' } });

  res = await get('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken":' });
  assert.equal(res.status, 400);
  assert.match(await res.text(), page(/<pre>Bad Request<\/pre>/, /<pre>SyntaxError: [^<]*<br> &nbsp; &nbsp;at /));

  res = await get('/cookies');
  assert.equal(await res.text(), 'cookies set');
  assert.deepEqual(res.headers.getSetCookie(), ['session=abc; Path=/; HttpOnly', 'prefs=j%3A%7B%22theme%22%3A%22dark%22%7D; Path=/settings']);

  res = await get('/boom');
  assert.equal(res.status, 500);
  assert.equal(res.headers.get('content-security-policy'), "default-src 'none'");
  assert.match(await res.text(), page(/<pre>Internal Server Error<\/pre>/, /<pre>Error: boom<br> &nbsp; &nbsp;at /));

  res = await get('/teapot');
  assert.equal(res.status, 418);
  assert.match(await res.text(), page(/<pre>I&#39;m a Teapot<\/pre>/, /<pre>Error: short and stout<br> &nbsp; &nbsp;at /));

  res = await get('/nowhere');
  assert.equal(res.status, 404);
  assert.match(await res.text(), /<pre>Cannot GET \/nowhere<\/pre>/);

  res = await get('/v5/files/a/b.txt');
  assert.deepEqual(await res.json(), { path: ['a', 'b.txt'] }, 'portico/5 path syntax');

  res = await get('/v3/hello');
  assert.equal(await res.text(), 'hello from 3.x');
  return count;
}
