import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Real nginx and redis-server for the deployment tests: each started here in the foreground, on
// its own port with its own config and temporary directory, and stopped by the test.

export const root = join(__dirname, '..', '..', '..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const REDIS = process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server';

let installed = false;
/** Runs scripts/install-services.sh (apt-get when nginx or redis-server is missing); throws its message when it fails. */
export function ensureServices(): void {
  if (installed) return;
  try {
    execFileSync('sh', [join(root, 'scripts', 'install-services.sh')], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(`scripts/install-services.sh failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: err });
  }
  installed = true;
}

/** A port that was free a moment ago on 127.0.0.1 (for servers that cannot report an ephemeral one). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once `port` accepts a TCP connection, or rejects after `ms`. */
export async function waitForPort(port: number, ms: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms:\n${describe()}`);
}

export interface Service {
  port: number;
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns `command` in the foreground, collecting its output; `stop` sends SIGTERM, waits, and removes `dir`. */
function foreground(command: string, args: string[], dir: string, port: number): Service & { child: ChildProcess } {
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  child.on('error', (err) => (output += `\nspawn failed: ${err.message}`));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    port,
    dir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** redis-server on a free port, in memory only (no RDB, no AOF), in a temporary directory. */
export async function startRedis(): Promise<Service & { url: string }> {
  ensureServices();
  const dir = mkdtempSync(join(tmpdir(), 'portico-redis-'));
  const port = await freePort();
  const service = foreground(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    dir,
    port,
  );
  try {
    await waitForPort(port, 30_000, service.output);
  } catch (err) {
    await service.stop();
    throw err;
  }
  return { ...service, url: `redis://127.0.0.1:${port}` };
}

/** A self-signed certificate for `name` (EC P-256, one day), made with openssl in `dir`. */
export function makeCertificate(dir: string, name: string): { cert: string; key: string; pem: Buffer } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`,
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { cert, key, pem: readFileSync(cert) };
}

export interface Nginx extends Service {
  httpPort: number;
  httpsPort: number;
  /** The certificate nginx presents, for clients' `ca`. */
  ca: Buffer;
  serverName: string;
}

/**
 * nginx with examples/cluster/nginx.conf (the documented config), TLS with a fresh self-signed
 * certificate, in front of the app servers on `upstreamPorts`.
 */
export async function startNginx(upstreamPorts: number[], serverName = 'app.example.test'): Promise<Nginx> {
  ensureServices();
  const dir = mkdtempSync(join(tmpdir(), 'portico-nginx-'));
  // nginx started by root runs its workers as an unprivileged user, who must reach the temp paths.
  chmodSync(dir, 0o755);
  const { cert, key, pem } = makeCertificate(dir, serverName);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const site = readFileSync(join(root, 'examples', 'cluster', 'nginx.conf'), 'utf8')
    .replace('{{UPSTREAM_SERVERS}}', upstreamPorts.map((p) => `server 127.0.0.1:${p};`).join('\n  '))
    .replace('{{HTTP_LISTEN}}', `127.0.0.1:${httpPort}`)
    .replace('{{HTTPS_LISTEN}}', `127.0.0.1:${httpsPort}`)
    .replace('{{SERVER_NAME}}', serverName)
    .replace('{{CERT_FILE}}', cert)
    .replace('{{KEY_FILE}}', key);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(join(dir, 'nginx.conf'), [
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    site,
    '}',
    '',
  ].join('\n'));
  const service = foreground(NGINX, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], dir, httpsPort);
  try {
    await waitForPort(httpPort, 30_000, service.output);
    await waitForPort(httpsPort, 30_000, service.output);
  } catch (err) {
    await service.stop();
    throw err;
  }
  return { ...service, httpPort, httpsPort, ca: pem, serverName };
}
