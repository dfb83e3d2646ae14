import http from 'node:http';
import https from 'node:https';
import type { Nginx } from './services';

// A client of nginx as a browser on another machine would be: it connects from its own address
// (127.0.0.x: on Linux all of 127.0.0.0/8 is loopback), asks for the public host name, and checks
// the certificate against the one nginx was given.

export interface ProxyRequest {
  tls: boolean;
  method?: string;
  path: string;
  headers?: http.OutgoingHttpHeaders;
  /** The client's own address, default 127.0.0.5. */
  from?: string;
  /** A keep-alive agent to reuse connections; default a new connection. */
  agent?: http.Agent;
  body?: string;
}

export interface ProxyResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request to nginx over HTTPS or HTTP. */
export function viaNginx(nginx: Nginx, req: ProxyRequest): Promise<ProxyResponse> {
  const options: https.RequestOptions = {
    host: '127.0.0.1',
    port: req.tls ? nginx.httpsPort : nginx.httpPort,
    method: req.method ?? 'GET',
    path: req.path,
    headers: { host: nginx.serverName, ...req.headers },
    localAddress: req.from ?? '127.0.0.5',
    agent: req.agent ?? false,
  };
  if (req.tls) Object.assign(options, { ca: nginx.ca, servername: nginx.serverName });
  return new Promise((resolve, reject) => {
    const r = (req.tls ? https : http).request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.setTimeout(30_000, () => r.destroy(new Error(`no answer to ${req.method ?? 'GET'} ${req.path} within 30 s`)));
    r.end(req.body);
  });
}

/** A keep-alive agent for one client (one connection at a time, as a browser tab's requests in turn). */
export function clientAgent(nginx: Nginx, tls: boolean): http.Agent {
  return tls
    ? new https.Agent({ keepAlive: true, maxSockets: 1, ca: nginx.ca, servername: nginx.serverName })
    : new http.Agent({ keepAlive: true, maxSockets: 1 });
}
