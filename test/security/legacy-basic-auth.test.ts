import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import portico from '../../src/index';
import { basicAuth, parseBasicCredentials } from '../../src/legacy/middleware/index';
import { withServer, send } from '../helpers/server';

function app() {
  const a = portico();
  a.use(basicAuth('admin', 's3cret'));
  a.use((_req: IncomingMessage, res: ServerResponse) => res.end('private'));
  a.use((err: { status?: number }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end('rejected');
  });
  return a;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('basicAuth() with malformed or foreign Authorization headers', () => {
  const headers: Array<[string, string]> = [
    ['Bearer token', 'Bearer eyJhbGciOiJub25lIn0.e30.'],
    ['Digest', 'Digest username="admin", realm="x", nonce="n", uri="/", response="r"'],
    ['a bare scheme', 'Basic'],
    ['non-base64 credentials', 'Basic ???'],
    ['base64 without a colon', 'Basic ' + b64('admins3cret')],
    ['base64 with padding in the middle', 'Basic YW=RtaW46czNjcmV0'],
    ['a 7 kB header', 'Basic ' + 'A'.repeat(7000)],
  ];
  for (const [label, value] of headers) {
    it(`responds 400 for ${label}`, async () => {
      const res = await withServer(app(), ({ port }) => send(port, { headers: { authorization: value } }));
      assert.equal(res.status, 400);
      assert.equal(res.text, 'rejected');
    });
  }

  it('responds 401 with a challenge for well-formed wrong credentials', async () => {
    for (const credentials of ['admin:', ':s3cret', 'admin:S3cret', 'Admin:s3cret', 'admin:s3cret ', 'admin:s3cret\u0000', ':']) {
      const res = await withServer(app(), ({ port }) => send(port, { headers: { authorization: 'Basic ' + b64(credentials) } }));
      assert.equal(res.status, 401, credentials);
      assert.equal(res.headers['www-authenticate'], 'Basic realm="Authorization Required"');
    }
  });

  it('never reaches the protected handler without the right pair', async () => {
    const res = await withServer(app(), ({ port }) => send(port, { headers: { authorization: 'Basic ' + b64('admin:s3cret') } }));
    assert.equal(res.text, 'private');
  });
});

describe('parseBasicCredentials (property)', () => {
  it('round-trips any user without a colon and any password', () => {
    fc.assert(
      fc.property(fc.string().filter((u) => !u.includes(':')), fc.string(), (user, pass) => {
        const parsed = parseBasicCredentials('Basic ' + b64(user + ':' + pass));
        // Base64 of an empty string is empty: `Basic ` alone is malformed.
        if (user === '' && pass === '') return;
        assert.deepEqual(parsed, { name: user, pass });
      }),
    );
  });

  it('never throws on arbitrary header values', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        const parsed = parseBasicCredentials(header);
        assert.ok(parsed === null || (typeof parsed.name === 'string' && typeof parsed.pass === 'string'));
      }),
    );
  });
});
