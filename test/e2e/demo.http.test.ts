import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { send } from '../helpers/server';
import { CookieJar, form } from '../ecosystem/support/harness';
import { startDemoApp, startDemoProcess, tempDataDir } from './support/demo-server';

const guide = readFileSync(join(__dirname, '..', '..', 'examples', 'demo', 'files', 'portico-guide.txt'));

let demo: Awaited<ReturnType<typeof startDemoApp>>;
let data: ReturnType<typeof tempDataDir>;
before(async () => {
  data = tempDataDir();
  demo = await startDemoApp(data.dbFile);
});
after(async () => {
  await demo.stop();
  data.remove();
});

/** Logs the jar in as the demo account. */
async function logIn(jar: CookieJar): Promise<Response> {
  return jar.fetch(`${demo.url}/login`, form({ name: 'demo', password: 'portico' }));
}

describe('demo: the guestbook page', () => {
  it('renders the page in its layout, with the seeded welcome message', async () => {
    const res = await fetch(demo.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    const html = await res.text();
    assert.match(html, /<title>Guestbook · Portico demo<\/title>/);
    assert.match(html, /<link rel="stylesheet" href="\/style.css">/);
    assert.match(html, /<p class="body">Welcome! Leave a message below.<\/p>/);
    assert.match(html, /<a href="\/login" id="login-link">Log in<\/a>/);
    assert.match(html, /<script src="\/app.js"><\/script>\n<\/body>/);
  });

  it('shows the form again with 422, the typed values (escaped) and the errors', async () => {
    const res = await fetch(`${demo.url}/messages`, form({ author: '<b>Eve</b>', body: '   ' }));
    assert.equal(res.status, 422);
    const html = await res.text();
    assert.match(html, /<p class="error" id="body-error">The message is empty.<\/p>/);
    assert.doesNotMatch(html, /id="author-error"/);
    assert.match(html, /<input name="author" value="&lt;b&gt;Eve&lt;\/b&gt;">/);
  });

  it('saves a valid message and redirects with 303 to the list, where it appears', async () => {
    const res = await fetch(`${demo.url}/messages`, { ...form({ author: 'Ada', body: 'First program & more' }), redirect: 'manual' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/#messages');
    assert.match(await (await fetch(demo.url)).text(), /<p class="body">First program &amp; more<\/p>\s*<p class="meta">\s*<span class="author">Ada<\/span>/);
  });
});

describe('demo: login with a cookie session', () => {
  it('refuses a wrong password with 401 and the form again', async () => {
    const res = await fetch(`${demo.url}/login`, form({ name: 'demo', password: 'nope' }));
    assert.equal(res.status, 401);
    const html = await res.text();
    assert.match(html, /<p class="error" id="login-error">Wrong name or password.<\/p>/);
    assert.match(html, /<input name="name" value="demo"/);
  });

  it('logs in with a signed, HttpOnly, SameSite=Lax cookie, and out again', async () => {
    const jar = new CookieJar();
    const res = await logIn(jar);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/');
    assert.match(res.headers.get('set-cookie') ?? '', /^sid=s%3A[\w-]+\.[\w%]+; Max-Age=604800; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    assert.match(await (await jar.fetch(demo.url)).text(), /Logged in as <strong>demo<\/strong>/);

    const loggedIn = jar.header();
    const out = await jar.fetch(`${demo.url}/logout`, { method: 'POST' });
    assert.equal(out.status, 302);
    assert.match(out.headers.get('set-cookie') ?? '', /^sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    assert.match(await (await jar.fetch(demo.url)).text(), /id="login-link"/);
    // The session row is gone: the old cookie no longer logs anyone in.
    assert.match(await (await fetch(demo.url, { headers: { cookie: loggedIn } })).text(), /id="login-link"/);
  });

  it('ignores a cookie whose signature is wrong', async () => {
    const html = await (await fetch(demo.url, { headers: { cookie: 'sid=s%3Aforged.signature' } })).text();
    assert.match(html, /id="login-link"/);
  });
});

describe('demo: the JSON API', () => {
  it('lists the messages', async () => {
    const res = await fetch(`${demo.url}/api/messages`);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const list = (await res.json()) as Array<{ id: number; author: string; body: string; likes: number }>;
    assert.ok(list.some((m) => m.author === 'Portico' && m.body === 'Welcome! Leave a message below.'));
  });

  it('counts likes, and answers 404 JSON for a message that does not exist', async () => {
    const first = (await (await fetch(`${demo.url}/api/messages/1/likes`, { method: 'POST' })).json()) as { id: number; likes: number };
    const second = (await (await fetch(`${demo.url}/api/messages/1/likes`, { method: 'POST' })).json()) as { id: number; likes: number };
    assert.equal(second.id, 1);
    assert.equal(second.likes, first.likes + 1);
    const missing = await fetch(`${demo.url}/api/messages/9999/likes`, { method: 'POST' });
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: 'No such message' });
  });

  it('deletes a message only for a logged-in user', async () => {
    await fetch(`${demo.url}/messages`, form({ author: 'Tmp', body: 'to be deleted' }));
    const list = (await (await fetch(`${demo.url}/api/messages`)).json()) as Array<{ id: number; body: string }>;
    const id = list.find((m) => m.body === 'to be deleted')?.id;
    assert.ok(id);
    const anonymous = await fetch(`${demo.url}/api/messages/${id}`, { method: 'DELETE' });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(await anonymous.json(), { error: 'Log in to delete messages' });
    const jar = new CookieJar();
    await logIn(jar);
    assert.equal((await jar.fetch(`${demo.url}/api/messages/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await jar.fetch(`${demo.url}/api/messages/${id}`, { method: 'DELETE' })).status, 404);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await fetch(`${demo.url}/api/nothing`);
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { error: 'Not Found' });
  });
});

describe('demo: static assets', () => {
  it('serves CSS with max-age=0 and an ETag, and answers a revalidation with 304', async () => {
    const res = await fetch(`${demo.url}/style.css`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/css; charset=UTF-8');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=0');
    const etag = res.headers.get('etag');
    assert.ok(etag);
    assert.ok(res.headers.get('last-modified'));
    // node:http rather than fetch, which adds Cache-Control: no-cache to conditional requests.
    const again = await send(demo.port, { path: '/style.css', headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
  });

  it('serves the page script as JavaScript', async () => {
    const res = await fetch(`${demo.url}/app.js`);
    assert.equal(res.headers.get('content-type'), 'application/javascript; charset=UTF-8');
    assert.match(await res.text(), /fetch\('\/api\/messages'\)/);
  });

  it('serves images as cacheable for a day, immutable', async () => {
    const res = await fetch(`${demo.url}/images/logo.svg`);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=86400, immutable');
  });
});

describe('demo: download', () => {
  it('sends the guide as an attachment with its name', async () => {
    const res = await fetch(`${demo.url}/download`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="portico-guide.txt"');
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=UTF-8');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), guide);
  });
});

describe('demo: error pages', () => {
  it('renders the 404 page in the layout', async () => {
    const res = await fetch(`${demo.url}/nowhere`);
    assert.equal(res.status, 404);
    const html = await res.text();
    assert.match(html, /<title>Not found · Portico demo<\/title>/);
    assert.match(html, /<h1>Page not found<\/h1>/);
  });

  it('renders the 500 page for an error thrown by a route, without its details', async () => {
    const res = await fetch(`${demo.url}/fail`);
    assert.equal(res.status, 500);
    const html = await res.text();
    assert.match(html, /<h1>Something went wrong<\/h1>/);
    assert.match(html, /\(error 500\)/);
    assert.doesNotMatch(html, /fails on purpose/);
  });

  it('renders a client error (a malformed form) with its own status', async () => {
    const res = await fetch(`${demo.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=klingon' }, body: 'a=b' });
    assert.equal(res.status, 415);
    assert.match(await res.text(), /\(error 415\)/);
  });
});

describe('demo: server.js (what npm start runs)', () => {
  it('keeps messages and logins in the SQLite file across a restart', { timeout: 30_000 }, async () => {
    const dir = tempDataDir();
    try {
      const jar = new CookieJar();
      const first = await startDemoProcess(dir.dbFile);
      try {
        await fetch(`${first.url}/messages`, form({ author: 'Grace', body: 'Still here after a restart' }));
        await jar.fetch(`${first.url}/login`, form({ name: 'demo', password: 'portico' }));
      } finally {
        await first.stop();
      }
      const second = await startDemoProcess(dir.dbFile);
      try {
        const html = await (await jar.fetch(second.url)).text();
        assert.match(html, /Still here after a restart/, second.output());
        assert.match(html, /Logged in as <strong>demo<\/strong>/);
      } finally {
        await second.stop();
      }
    } finally {
      dir.remove();
    }
  });
});
