import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';
import { until } from '../helpers/wait-for';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

// multipart() against connect@2.30's (through express@3): a parse failure, the defer option and
// the events of req.form. The error messages are each parser's own, so failures are compared by
// status; event order within a body depends on how the bytes arrive, so events are compared sorted.

const BOUNDARY = 'XyZ';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const body = (...parts: string[]) => parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join('') + `--${BOUNDARY}--\r\n`;
const GOOD = body(
  'Content-Disposition: form-data; name="a"\r\n\r\n1',
  'Content-Disposition: form-data; name="user[name]"\r\n\r\ntobi',
  'Content-Disposition: form-data; name="doc"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello',
);
const BROKEN = [`--${BOUNDARY}\r\nbroken`, 'garbage', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated`];

let uploadDir = '';
before(() => {
  uploadDir = mkdtempSync(join(os.tmpdir(), 'portico-mp3x-'));
});
after(() => rmSync(uploadDir, { recursive: true, force: true }));

function build(fw: LegacyFramework) {
  const app = fw();
  app.use('/parse', fw.multipart({ uploadDir }));
  app.use('/parse', (req: any, res: any) => res.json({ body: req.body, files: Object.keys(req.files), form: typeof req.form }));
  app.use('/defer', fw.multipart({ uploadDir, defer: true }));
  app.use('/defer', (req: any, res: any) => {
    const atHandler = { form: typeof req.form, body: req.body, files: req.files };
    const events: string[] = [];
    let progress = false;
    req.form.on('part', (part: any) => events.push(`part ${part.name}`));
    req.form.on('field', (name: string, value: string) => events.push(`field ${name}=${value}`));
    req.form.on('file', (name: string, file: any) => events.push(`file ${name} ${file.fieldName} ${file.originalFilename} ${file.size}`));
    req.form.on('progress', () => (progress = true));
    // busboy reports a field once it is complete, so an unterminated field has had no `part`
    // event here (connect 2.30's parser announced it from its headers): the error answer leaves parts out.
    req.form.on('error', (err: any) => res.send(400, { atHandler, error: err instanceof Error, events: events.filter((e) => !e.startsWith('part ')).sort() }));
    req.form.on('close', () =>
      setImmediate(() => res.json({ atHandler, events: events.sort(), progress, body: req.body, files: Object.keys(req.files ?? {}) })),
    );
  });
  app.use((err: any, _req: any, res: any, _next: any) => res.send(err.status ?? 500, { status: err.status ?? null, isError: err instanceof Error }));
  return app;
}

const post = (path: string, payload: string) => ({ method: 'POST', path, headers, body: payload });

describe('legacy multipart()', () => {
  it('parses fields and files as connect 2.30 does', async () => {
    await assertSameAsExpress3(build, [post('/parse', GOOD)]);
  });

  it('passes a parse failure to next(err) with status 400', async () => {
    const pairs = await assertSameAsExpress3(build, BROKEN.map((payload) => post('/parse', payload)));
    for (const pair of pairs) assert.equal(pair.portico.status, 400);
  });

  it('with defer, hands req.form to the handler before the body is read, then emits part, field, file and close', async () => {
    const [pair] = await assertSameAsExpress3(build, [post('/defer', GOOD)]);
    const seen = JSON.parse(pair.portico.text);
    assert.deepEqual(seen.atHandler, { form: 'object', body: {}, files: {} });
    assert.equal(seen.events.length, 6);
  });

  it('with defer, emits error on req.form for a malformed body', async () => {
    await assertSameAsExpress3(build, BROKEN.map((payload) => post('/defer', payload)));
  });

  it('leaves no upload behind', async () => {
    await until(() => !readdirSync(uploadDir).some((n) => n.startsWith('portico-upload-')), 'the uploads to be removed').catch(() => undefined);
    assert.deepEqual(readdirSync(uploadDir).filter((n) => n.startsWith('portico-upload-')), []);
  });
});

describe('legacy multipart({ defer: true }) with listeners that throw', () => {
  it('answers instead of crashing, and keeps serving', async () => {
    const app = (legacy as any)();
    app.use((legacy as any).multipart({ uploadDir, defer: true }));
    app.post('/file', (req: any) => req.form.on('file', () => { throw new Error('listener bug'); }));
    app.post('/close', (req: any) => req.form.on('close', () => { throw new Error('listener bug'); }));
    app.post('/none', (req: any, res: any) => req.form.on('close', () => res.send('ok')));
    await withServer(app, async ({ port }) => {
      const file = await send(port, post('/file', GOOD));
      assert.equal(file.status, 400);
      const close = await send(port, post('/close', GOOD));
      assert.equal(close.status, 500);
      const broken = await send(port, post('/none', BROKEN[0]));
      assert.equal(broken.status, 400);
      assert.equal((await send(port, post('/none', GOOD))).text, 'ok');
    });
  });
});
