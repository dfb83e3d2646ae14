// The app the reliability suite attacks, run as a child process so that a crash ends this process
// and not the test run. `node --import tsx --expose-gc reliability-app.ts <portico|express> <fileRoot> <uploadDir>`
// builds the same routes on Portico or on express@4 (the oracle), listens on 127.0.0.1:0 and
// reports its port over IPC. IPC messages: 'stats' (after GC) and 'shutdown' (graceful close).
import http from 'node:http';
import os from 'node:os';
import { readdirSync, unlink } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import portico from '../../../src/index';
import legacy from '../../../src/legacy/index';

type Next = (err?: unknown) => void;
type Handler = (req: any, res: any, next: Next) => void;
interface AppLike {
  (req: http.IncomingMessage, res: http.ServerResponse): void;
  use(...args: unknown[]): unknown;
  get(...args: unknown[]): unknown;
  post(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown;
}
interface Framework {
  (): AppLike;
  json(o?: object): Handler;
  urlencoded(o?: object): Handler;
  text(o?: object): Handler;
  raw(o?: object): Handler;
  static(root: string, o?: object): Handler;
}

const [frameworkName, fileRoot, uploadDir] = process.argv.slice(2);
const requireHere = createRequire(__filename);

/** Own keys of the built-in prototypes at start: any key added later is pollution. */
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const baselineKeys = Object.fromEntries(Object.entries(PROTOTYPES).map(([n, p]) => [n, Reflect.ownKeys(p).map(String)]));
function pollutedKeys(): string[] {
  const out: string[] = [];
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    for (const key of Reflect.ownKeys(proto).map(String)) if (!baselineKeys[name].includes(key)) out.push(`${name}.prototype.${key}`);
  }
  return out;
}

interface UploadedFile { path?: string; size?: number; originalFilename?: string; name?: string }

/** Removes whatever a multipart body left in the upload directory, as an app must. */
function removeUploads(files: unknown): void {
  const seen = new Set<unknown>();
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const f = v as UploadedFile;
    if (typeof f.path === 'string' && f.path.startsWith(uploadDir)) unlink(f.path, () => {});
    for (const inner of Object.values(v)) visit(inner);
  };
  visit(files);
}

function legacyBodyParser(): Handler {
  if (frameworkName === 'portico') return legacy.bodyParser({ uploadDir, limit: '64kb' }) as unknown as Handler;
  // The oracle for the 3.x body parser is Express 3's own (connect 2), mounted on express@4.
  // It calls os.tmpDir(), which Node has since removed: give it the alias.
  (os as unknown as { tmpDir: () => string }).tmpDir = os.tmpdir;
  const express3 = requireHere('express3') as { bodyParser(o: object): Handler };
  return express3.bodyParser({ uploadDir, limit: '64kb' });
}

function build(framework: Framework, cookieParser: () => Handler): AppLike {
  const app = framework();
  const echo: Handler = (req, res) => res.json({ body: req.body === undefined ? null : Buffer.isBuffer(req.body) ? req.body.length : req.body });
  app.get('/health', (_req: unknown, res: { send(s: string): void }) => res.send('ok'));
  app.post('/json', framework.json({ limit: '64kb' }), echo);
  app.post('/form', framework.urlencoded({ extended: true, limit: '64kb' }), echo);
  app.post('/form-flat', framework.urlencoded({ extended: false, limit: '64kb' }), echo);
  app.post('/text', framework.text({ type: '*/*', limit: '64kb' }), echo);
  app.post('/raw', framework.raw({ type: '*/*', limit: '64kb' }), echo);
  // An upload sink: reads the whole body as the raw parser would, with a large limit (abort storms).
  app.post('/upload', framework.raw({ type: '*/*', limit: '64mb' }), echo);
  const legacyParser = legacyBodyParser();
  app.post('/legacy/*', legacyParser, (req: { body: unknown; files: unknown }, res: { json(v: unknown): void }) => {
    removeUploads(req.files);
    res.json({ body: req.body ?? null, files: Object.keys((req.files as object | undefined) ?? {}) });
  });
  app.use('/static', framework.static(fileRoot));
  app.get('/file/:name', (req: { params: { name: string } }, res: { sendFile(p: string, o: object, cb: Next): void }, next: Next) => {
    res.sendFile(req.params.name, { root: fileRoot }, (err) => { if (err) next(err); });
  });
  app.get('/users/:id(\\d+)/posts/:post?', (req: { params: object }, res: { json(v: unknown): void }) => res.json(req.params));
  app.get('/items/:name.:ext', (req: { params: object }, res: { json(v: unknown): void }) => res.json(req.params));
  app.get('/cookies', cookieParser(), (req: { cookies: unknown }, res: { cookie(n: string, v: string): void; json(v: unknown): void }) => {
    res.cookie('seen', 'yes');
    res.json(req.cookies);
  });
  app.get('/host', (req: { hostname?: string; subdomains: string[] }, res: { json(v: unknown): void }) =>
    res.json({ hostname: req.hostname ?? null, subdomains: req.subdomains }),
  );
  app.get('/slow', (req: { query: { ms?: string } }, res: { send(s: string): void }) => {
    setTimeout(() => res.send('slow done'), Math.min(Number(req.query.ms) || 100, 10_000));
  });
  return app;
}

const app =
  frameworkName === 'portico'
    ? build(portico as unknown as Framework, () => portico.cookieParser() as unknown as Handler)
    : build(requireHere('express') as Framework, () => (requireHere('cookie-parser') as () => Handler)());

const server = http.createServer(app);
// Requests received and not yet answered: the graceful-shutdown test waits for all of its own.
let inFlight = 0;
server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
  inFlight++;
  res.once('close', () => inFlight--);
});
// An uncaught exception is the failure the suite looks for: say so on stderr, then exit non-zero.
process.on('uncaughtException', (err) => {
  process.stderr.write(`CRASH ${frameworkName}: ${err?.stack ?? String(err)}\n`);
  process.exit(70);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port });
});

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type: string; id?: number }) => {
  if (message.type === 'stats') {
    gc?.();
    gc?.();
    const memory = process.memoryUsage();
    process.send?.({
      type: 'stats',
      id: message.id,
      heapUsed: memory.heapUsed,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      rss: memory.rss,
      uploads: readdirSync(uploadDir).length,
      inFlight,
      polluted: pollutedKeys(),
    });
  } else if (message.type === 'shutdown') {
    // Graceful: stop accepting, let in-flight requests finish, close idle keep-alive sockets.
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    process.disconnect?.();
  }
});
