import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { NextFunction, Request, Response } from 'express';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multer from 'multer';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

let uploads = '';
before(() => {
  uploads = mkdtempSync(join(tmpdir(), 'portico-multer-'));
});
after(() => {
  rmSync(uploads, { recursive: true, force: true });
});

/** What the routes report about an uploaded file. */
function describeFile(file: Express.Multer.File) {
  return { fieldname: file.fieldname, originalname: file.originalname, mimetype: file.mimetype, size: file.size, path: file.path };
}

/** The README's app: disk uploads to a directory, single and array fields, and an error handler. */
function uploadApp() {
  const upload = multer({ dest: uploads, limits: { fileSize: 1024 } });
  const app = express();
  app.post('/profile', upload.single('avatar'), (req, res) => {
    res.json({ file: req.file && describeFile(req.file), body: req.body });
  });
  app.post('/photos/upload', upload.array('photos', 2), (req, res) => {
    res.json({ files: (req.files as Express.Multer.File[]).map(describeFile), body: req.body });
  });
  app.post('/memory', multer({ storage: multer.memoryStorage() }).single('doc'), (req, res) => {
    res.type('text/plain').send(req.file?.buffer.toString('utf8').toUpperCase());
  });
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof multer.MulterError) return res.status(400).json({ code: err.code, field: err.field, message: err.message });
    next(err);
  });
  return app;
}

function fileBlob(text: string, type = 'text/plain') {
  return new Blob([text], { type });
}

describe('upload.single(field)', () => {
  it('stores the file on disk and fills req.file and the text fields of req.body', async () => {
    await withApp(uploadApp(), async ({ url }) => {
      const body = new FormData();
      body.append('name', 'Ada');
      body.append('avatar', fileBlob('<svg/>', 'image/svg+xml'), 'me.svg');
      const res = await fetch(`${url}/profile`, { method: 'POST', body });
      assert.equal(res.status, 200);
      const json = (await res.json()) as { file: ReturnType<typeof describeFile>; body: unknown };
      assert.deepEqual(json.body, { name: 'Ada' });
      assert.equal(json.file.fieldname, 'avatar');
      assert.equal(json.file.originalname, 'me.svg');
      assert.equal(json.file.mimetype, 'image/svg+xml');
      assert.equal(json.file.size, 6);
      assert.ok(json.file.path.startsWith(uploads));
      assert.equal(readFileSync(json.file.path, 'utf8'), '<svg/>');
    });
  });

  it('leaves req.file undefined for a form without the file', async () => {
    await withApp(uploadApp(), async ({ url }) => {
      const body = new FormData();
      body.append('name', 'Ada');
      const res = await fetch(`${url}/profile`, { method: 'POST', body });
      assert.deepEqual(await res.json(), { body: { name: 'Ada' } });
    });
  });

  it('keeps the file in memory with memoryStorage (req.file.buffer)', async () => {
    await withApp(uploadApp(), async ({ url }) => {
      const body = new FormData();
      body.append('doc', fileBlob('hello'), 'doc.txt');
      const res = await fetch(`${url}/memory`, { method: 'POST', body });
      assert.equal(await res.text(), 'HELLO');
    });
  });
});

describe('upload.array(field, maxCount)', () => {
  it('fills req.files with every file of the field', async () => {
    await withApp(uploadApp(), async ({ url }) => {
      const body = new FormData();
      body.append('photos', fileBlob('one'), 'one.txt');
      body.append('photos', fileBlob('two!'), 'two.txt');
      const res = await fetch(`${url}/photos/upload`, { method: 'POST', body });
      const json = (await res.json()) as { files: Array<ReturnType<typeof describeFile>> };
      assert.deepEqual(
        json.files.map((f) => [f.originalname, f.size]),
        [
          ['one.txt', 3],
          ['two.txt', 4],
        ],
      );
      assert.equal(readFileSync(json.files[1].path, 'utf8'), 'two!');
    });
  });

  it('passes a MulterError LIMIT_UNEXPECTED_FILE to the error handler past maxCount', async () => {
    await withApp(uploadApp(), async ({ url }) => {
      const body = new FormData();
      for (const n of ['a', 'b', 'c']) body.append('photos', fileBlob(n), `${n}.txt`);
      const res = await fetch(`${url}/photos/upload`, { method: 'POST', body });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { code: 'LIMIT_UNEXPECTED_FILE', field: 'photos', message: 'Unexpected file field' });
    });
  });
});

describe('multer({ limits })', () => {
  it('passes a MulterError LIMIT_FILE_SIZE to the error handler for a file over fileSize', async () => {
    await withApp(uploadApp(), async ({ url }) => {
      const body = new FormData();
      body.append('avatar', fileBlob('x'.repeat(2048)), 'big.txt');
      const res = await fetch(`${url}/profile`, { method: 'POST', body });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { code: 'LIMIT_FILE_SIZE', field: 'avatar', message: 'File too large' });
    });
  });
});
