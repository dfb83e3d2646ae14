// `trust proxy` settings with X-Forwarded-For/-Proto/-Host and Host headers: req.ip, req.ips,
// req.protocol, req.secure, req.hostname and req.subdomains (with `subdomain offset`).
import fc from 'fast-check';
import { piecesOf, request, type FuzzArea } from '../differential';

const TRUST = [false, true, 0, 1, 2, 'loopback', '127.0.0.1', '10.0.0.0/8, loopback', 'uniquelocal', '::1'] as const;
const ADDRESS_PIECES = ['10.0.0.1', '127.0.0.1', '::1', '192.168.1.2', 'unknown', ',', ', ', ' ', '[::1]', '8.8.8.8', 'x'];
const HOST_PIECES = ['a', 'b', '.', 'example', 'com', ':', '80', '[::1]', '-', '1', 'Ü'];
interface ProxyCase {
  trust: (typeof TRUST)[number];
  offset: number;
  forwardedFor: string | null;
  proto: string | null;
  forwardedHost: string | null;
  host: string;
}

const header = (pieces: string[]) => fc.option(piecesOf(pieces, 5), { nil: null });

function proxyAreaOf(api: '4.x' | '5.x'): FuzzArea<ProxyCase> {
  return {
    name: api === '4.x' ? 'proxy' : 'proxy-5',
    api,
    shortRuns: api === '4.x' ? 60 : 50,
    arbitrary: fc.record({
      trust: fc.constantFrom(...TRUST),
      offset: fc.constantFrom(0, 1, 2, 3),
      forwardedFor: header(ADDRESS_PIECES),
      proto: header(['http', 'https', ',', ' ', 'HTTPS', 'ws', '']),
      forwardedHost: header(HOST_PIECES),
      host: piecesOf(HOST_PIECES, 5),
    }),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      app.set('trust proxy', c.trust);
      app.set('subdomain offset', c.offset);
      app.get('/', (req: Record<string, unknown>, res: { json(v: unknown): void }) =>
        res.json({
          ip: req.ip,
          ips: req.ips,
          protocol: req.protocol,
          secure: req.secure,
          hostname: req.hostname,
          subdomains: req.subdomains,
          // Express 5's req.host keeps the port; Express 4's is deprecated and left out.
          ...(api === '5.x' ? { host: req.host } : {}),
        }),
      );
      return app;
    },
    requests(c) {
      const headers: Array<[string, string]> = [];
      if (c.forwardedFor !== null) headers.push(['X-Forwarded-For', c.forwardedFor]);
      if (c.proto !== null) headers.push(['X-Forwarded-Proto', c.proto]);
      if (c.forwardedHost !== null) headers.push(['X-Forwarded-Host', c.forwardedHost]);
      // The request helper writes `Host: fuzz.test`; a second Host line would be a 400 from node on both.
      return [request('GET', '/', headers).replace('Host: fuzz.test', `Host: ${c.host}`)];
    },
  };
}

export const proxyArea = proxyAreaOf('4.x');
export const proxy5Area = proxyAreaOf('5.x');
