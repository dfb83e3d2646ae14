// Started with `node -r ts-node/register` (type-checked, not transpile-only): the app prints the
// answer to its own request and exits.
import * as http from 'http';
import portico = require('portico');
import type { NextFunction, Request, Response } from 'portico';

const app = portico();
app.use(portico.urlencoded({ extended: false }));
app.get('/', (req: Request, res: Response, next: NextFunction) => {
  if (req.query.fail) return next(new Error('asked to fail'));
  res.type('text').send('typed ' + req.hostname);
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  http.get({ host: '127.0.0.1', port, path: '/', headers: { host: 'example.test' } }, (res) => {
    let body = '';
    res.on('data', (chunk: Buffer) => (body += chunk));
    res.on('end', () => {
      console.log(JSON.stringify({ status: res.statusCode, body }));
      server.close();
    });
  });
});
