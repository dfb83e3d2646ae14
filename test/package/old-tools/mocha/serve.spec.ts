// Run by mocha 8 with `--require ts-node/register`: the test file and Portico's types are
// type-checked by ts-node as the project's tests are.
import * as assert from 'assert';
import * as http from 'http';
import portico = require('portico');
import type { Request, Response } from 'portico';

describe('portico under mocha and ts-node', () => {
  it('serves a typed route', (done) => {
    const app = portico();
    app.get('/users/:id', (req: Request<{ id: string }>, res: Response) => {
      res.status(201).json({ id: req.params.id });
    });
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      http.get({ host: '127.0.0.1', port, path: '/users/7' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => {
          server.close();
          assert.strictEqual(res.statusCode, 201);
          assert.strictEqual(body, '{"id":"7"}');
          done();
        });
      });
    });
  });
});
