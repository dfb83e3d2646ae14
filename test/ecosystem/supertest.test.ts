import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import portico from '../../src/index';
import { frameworkUnderTest, listen } from './support/harness';

const express = frameworkUnderTest(portico);

/** An app as projects test it with supertest: JSON routes, a cookie, a redirect, basic auth. */
function testedApp() {
  const app = express();
  app.use(express.json());
  app.get('/user', (_req, res) => {
    res.status(200).json({ name: 'john' });
  });
  app.post('/users', (req, res) => {
    res.status(201).json({ created: req.body });
  });
  app.get('/login', (_req, res) => {
    res.cookie('sid', 'abc', { httpOnly: true }).redirect('/me');
  });
  app.get('/me', (req, res) => {
    res.send(req.headers.cookie ?? 'no cookie');
  });
  app.get('/secret', (req, res) => {
    const auth = req.headers.authorization ?? '';
    if (auth !== `Basic ${Buffer.from('ada:pw').toString('base64')}`) return res.set('WWW-Authenticate', 'Basic').sendStatus(401);
    res.send('welcome');
  });
  app.get('/error', () => {
    throw new Error('boom');
  });
  return app;
}

describe('request(app) — supertest starts its own server for the app', () => {
  it("passes the README's expectations: Content-Type, Content-Length and status", async () => {
    await request(testedApp()).get('/user').expect('Content-Type', /json/).expect('Content-Length', '15').expect(200, { name: 'john' });
  });

  it('sends JSON with .send() and reads res.body', async () => {
    const res = await request(testedApp()).post('/users').set('Accept', 'application/json').send({ name: 'ada' });
    assert.equal(res.status, 201);
    assert.deepEqual(res.body, { created: { name: 'ada' } });
  });

  it('follows redirects when told to, and sends credentials with .auth()', async () => {
    const redirected = await request(testedApp()).get('/login').redirects(0);
    assert.equal(redirected.status, 302);
    assert.equal(redirected.headers.location, '/me');
    await request(testedApp()).get('/secret').expect(401).expect('WWW-Authenticate', 'Basic');
    await request(testedApp()).get('/secret').auth('ada', 'pw').expect(200, 'welcome');
  });

  it('sees the 500 of the final handler for a thrown error', async () => {
    const res = await request(testedApp()).get('/error');
    assert.equal(res.status, 500);
    assert.match(res.text, /Internal Server Error|Error: boom/);
  });

  it('fails the test when an expectation is not met', async () => {
    await assert.rejects(request(testedApp()).get('/user').expect(404), /expected 404 "Not Found", got 200 "OK"/);
  });
});

describe('request.agent(app)', () => {
  it('keeps cookies between requests', async () => {
    const agent = request.agent(testedApp());
    await agent.get('/login').expect(302).expect('set-cookie', 'sid=abc; Path=/; HttpOnly');
    await agent.get('/me').expect(200, 'sid=abc');
  });
});

describe('request(server) — an app already listening', () => {
  it('talks to the server app.listen() returned', async () => {
    const srv = await listen(testedApp());
    try {
      await request(srv.server).get('/user').expect(200, { name: 'john' });
      await request(srv.url).get('/user').expect(200, { name: 'john' });
    } finally {
      await srv.close();
    }
  });
});
