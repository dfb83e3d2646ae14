// One plain HTTP exchange with a benchmark server, used to check a scenario before loading it.
import { request } from 'node:http';

/** Sends one request to 127.0.0.1:port; resolves with status, headers, body text and byte count. */
export function send(port, { method, path, headers = {}, payload }) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const buffer = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, body: buffer.toString('utf8'), bytes: buffer.length });
      });
      res.on('error', reject);
    });
    req.setTimeout(10000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sends each request once and throws, naming the first difference, unless all answer as expected. */
export async function verify(port, requests) {
  for (const r of requests) {
    const res = await send(port, r);
    if (res.status !== r.status) {
      throw new Error(`${r.method} ${r.path}: status ${res.status}, expected ${r.status}; body ${JSON.stringify(res.body.slice(0, 200))}`);
    }
    if (!r.body.ok(res.body, res.bytes)) {
      throw new Error(`${r.method} ${r.path}: body ${JSON.stringify(res.body.slice(0, 120))} (${res.bytes} bytes), expected ${r.body.describe}`);
    }
  }
}
