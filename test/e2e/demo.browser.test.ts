import { describe, it, before, beforeEach, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { launchChromium, type Browser } from './support/browser';
import { startDemoProcess, tempDataDir, type DemoProcess } from './support/demo-server';

const screenshots = join(__dirname, 'screenshots');
const guide = readFileSync(join(__dirname, '..', '..', 'examples', 'demo', 'files', 'portico-guide.txt'), 'utf8');

let browser: Browser;
let demo: DemoProcess;
let data: ReturnType<typeof tempDataDir>;
let page: Page;
let launchError: unknown;

before(async () => {
  data = tempDataDir();
  demo = await startDemoProcess(data.dbFile);
  try {
    browser = await launchChromium();
  } catch (err) {
    // Kept for the tests to throw: each then fails with the reason, none is cancelled silently.
    launchError = err;
    return;
  }
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(10_000);
  mkdirSync(screenshots, { recursive: true });
});

beforeEach(() => {
  if (launchError !== undefined) throw launchError;
});

after(async () => {
  await browser?.close();
  await demo?.stop();
  data?.remove();
});

/** The page's response to the first request whose path is `path` (and method, when given). */
function responseTo(path: string, method = 'GET'): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method);
}

describe('the demo in Chromium', { timeout: 120_000 }, () => {
  it('runs in the browser CHROMIUM_PATH names, else in the Chromium the @sparticuz/chromium devDependency ships', async () => {
    const agent = await page.evaluate(() => navigator.userAgent);
    const major = /Chrome\/(\d+)\./.exec(agent)?.[1];
    if (browser.binary.version === undefined) {
      assert.equal(browser.binary.executable, process.env.CHROMIUM_PATH);
    } else {
      assert.equal(major, browser.binary.version.split('.')[0], agent);
      assert.match(browser.binary.executable, /node_modules\/\.cache\/portico-chromium\//);
    }
  });

  it('loads the guestbook; the page script fills in the count from /api/messages', async () => {
    const apiCall = responseTo('/api/messages');
    const res = await page.goto(demo.url);
    assert.equal(res?.status(), 200);
    assert.equal(await page.title(), 'Guestbook · Portico demo');
    assert.equal((await apiCall).status(), 200);
    await page.locator('#count', { hasText: '1 message, 0 likes' }).waitFor();
    assert.equal(await page.locator('.message .body').first().textContent(), 'Welcome! Leave a message below.');
    // The stylesheet applied: the header has its white background.
    // (Page code is passed as strings: the tests are compiled without the DOM types.)
    assert.equal(await page.evaluate("getComputedStyle(document.querySelector('header.site')).backgroundColor"), 'rgb(255, 255, 255)');
    await page.screenshot({ path: join(screenshots, 'main-page.png'), fullPage: true });
  });

  it('shows the validation error of a form posted without a message, keeping what was typed', async () => {
    await page.fill('input[name=author]', 'Ada');
    const posted = responseTo('/messages', 'POST');
    await page.click('#message-form button[type=submit]');
    assert.equal((await posted).status(), 422);
    assert.equal(await page.locator('#body-error').textContent(), 'The message is empty.');
    assert.equal(await page.locator('#author-error').count(), 0);
    assert.equal(await page.inputValue('input[name=author]'), 'Ada');
  });

  it('posts the corrected form and shows the new message after the redirect', async () => {
    await page.fill('textarea[name=body]', 'Hello from Chromium <3');
    await Promise.all([page.waitForURL(`${demo.url}/#messages`), page.click('#message-form button[type=submit]')]);
    assert.equal(await page.locator('.message .body').first().textContent(), 'Hello from Chromium <3');
    assert.equal(await page.locator('.message .author').first().textContent(), 'Ada');
    await page.locator('#count', { hasText: '2 messages' }).waitFor();
  });

  it('likes a message through the API from the page', async () => {
    const first = page.locator('.message').first();
    const liked = responseTo(`/api/messages/${await first.getAttribute('data-id')}/likes`, 'POST');
    await first.locator('button.like').click();
    assert.deepEqual(await (await liked).json(), { id: Number(await first.getAttribute('data-id')), likes: 1 });
    await first.locator('.likes', { hasText: '1' }).waitFor();
    await page.locator('#count', { hasText: '2 messages, 1 like' }).waitFor();
  });

  it('refuses a wrong password, then logs in', async () => {
    await Promise.all([page.waitForURL(`${demo.url}/login`), page.click('#login-link')]);
    await page.fill('input[name=name]', 'demo');
    await page.fill('input[name=password]', 'wrong');
    const refused = responseTo('/login', 'POST');
    await page.click('#login-form button[type=submit]');
    assert.equal((await refused).status(), 401);
    assert.equal(await page.locator('#login-error').textContent(), 'Wrong name or password.');

    await page.fill('input[name=password]', 'portico');
    await Promise.all([page.waitForURL(`${demo.url}/`), page.click('#login-form button[type=submit]')]);
    assert.equal(await page.locator('#whoami').textContent(), 'Logged in as demo');
    const cookies = await browser.context.cookies(demo.url);
    const sid = cookies.find((c) => c.name === 'sid');
    assert.ok(sid);
    assert.equal(sid.httpOnly, true);
    assert.equal(sid.sameSite, 'Lax');
    // The session cookie is HttpOnly: the page's script cannot read it.
    assert.equal(await page.evaluate('document.cookie'), '');
  });

  it('deletes a message through the API while logged in', async () => {
    const first = page.locator('.message').first();
    const id = await first.getAttribute('data-id');
    const deleted = responseTo(`/api/messages/${id}`, 'DELETE');
    await first.locator('button.delete').click();
    assert.equal((await deleted).status(), 204);
    await page.locator(`.message[data-id="${id}"]`).waitFor({ state: 'detached' });
    await page.locator('#count', { hasText: '1 message,' }).waitFor();
  });

  it('logs out', async () => {
    await Promise.all([page.waitForURL(`${demo.url}/`), page.click('#logout')]);
    await page.locator('#login-link').waitFor();
    assert.equal(await page.locator('button.delete').count(), 0);
    assert.equal((await browser.context.cookies(demo.url)).some((c) => c.name === 'sid'), false);
  });

  it('downloads the guide as a file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-link')]);
    assert.equal(download.suggestedFilename(), 'portico-guide.txt');
    assert.equal(await download.failure(), null);
    assert.equal(readFileSync(await download.path(), 'utf8'), guide);
  });

  it('revalidates the stylesheet and the script on reload and gets 304s', async () => {
    await page.goto(demo.url);
    const statuses = new Map<string, number>();
    const record = (r: Response) => void statuses.set(new URL(r.url()).pathname, r.status());
    page.on('response', record);
    await page.reload({ waitUntil: 'load' });
    page.off('response', record);
    assert.equal(statuses.get('/'), 200);
    assert.equal(statuses.get('/style.css'), 304);
    assert.equal(statuses.get('/app.js'), 304);
  });

  it('shows the 404 and 500 pages', async () => {
    const missing = await page.goto(`${demo.url}/nowhere`);
    assert.equal(missing?.status(), 404);
    assert.equal(await page.locator('h1').textContent(), 'Page not found');
    const failing = await page.goto(`${demo.url}/fail`);
    assert.equal(failing?.status(), 500);
    assert.equal(await page.locator('h1').textContent(), 'Something went wrong');
    await page.screenshot({ path: join(screenshots, 'error-page.png') });
  });
});
