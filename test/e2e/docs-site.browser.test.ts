// The documentation site in headless Chromium: it is built (scripts/docs-site/build.mjs, on the
// dist/ that `npm test` builds first; skipped when site/dist/ is from the same inputs), served from site/dist/ by Portico's own static middleware
// on 127.0.0.1, and every page is loaded. A console error, a failed request, a request that leaves
// 127.0.0.1, a link to a page or file that does not exist, or a link to an anchor its page lacks
// fails the test. Screenshots of four pages go to test/e2e/screenshots/.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from 'playwright-core';
import portico from '../../src/index';
import { launchChromium, type Browser } from './support/browser';
import { startServer, type RunningServer } from '../helpers/server';

const root = join(__dirname, '..', '..');
const siteDist = join(root, 'site', 'dist');
const screenshots = join(__dirname, 'screenshots');

let browser: Browser;
let server: RunningServer;
let origin: string;
let launchError: unknown;
let buildSeconds = 0;

/** Every file under `dir`, as site paths (`/docs/routing.html`). */
function siteFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...siteFiles(full));
    else out.push('/' + relative(siteDist, full).split(sep).join('/'));
  }
  return out;
}

before(async () => {
  const started = Date.now();
  // Built unless site/dist/ was built from the same inputs (pages, generator, published types).
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'docs-site', 'build.mjs'), '--if-changed'], { cwd: root, encoding: 'utf8', timeout: 150_000 });
  buildSeconds = (Date.now() - started) / 1000;
  if (build.status !== 0) {
    launchError = new Error(`the site did not build (${build.status ?? build.signal}):\n${build.stdout}${build.stderr}`);
    return;
  }
  const app = portico();
  app.use(portico.static(siteDist));
  server = await startServer(app);
  origin = `http://127.0.0.1:${server.port}`;
  try {
    browser = await launchChromium();
  } catch (err) {
    launchError = err;
  }
  mkdirSync(screenshots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

interface PageReport {
  path: string;
  ids: string[];
  links: string[];
  problems: string[];
}

/** The id of a built page's first heading, read from its HTML file (null: it has none). */
function headingId(path: string): string | null {
  return /<h1 id="([^"]+)"/.exec(readFileSync(join(siteDist, ...path.split('/')), 'utf8'))?.[1] ?? null;
}

/**
 * Loads `path` in `page`, and reports its element ids, its links and what went wrong on the way.
 * `navigate`: 'load' opens it as a new document (the server's HTML, then hydration); 'click' follows a
 * link to it from the page already open, as a reader does, and waits for the site's router to render
 * it (about five times faster: the code of the site is not loaded again).
 */
async function visit(page: Page, path: string, navigate: 'load' | 'click'): Promise<PageReport> {
  const problems: string[] = [];
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  };
  const onPageError = (err: Error) => problems.push(`page error: ${err.message}`);
  const onFailed = (req: { url(): string; failure(): { errorText: string } | null }) => {
    // ERR_ABORTED is a request the browser dropped itself, as when the next navigation starts.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`);
  };
  const onResponse = (res: { url(): string; status(): number }) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
    const h1 = headingId(path);
    if (navigate === 'click' && h1 !== null) {
      await page.evaluate(`(() => { const a = document.createElement('a'); a.href = ${JSON.stringify(path)}; document.body.append(a); a.click(); a.remove(); })()`);
      // The router shows /api/index.html as /api/.
      const shown = JSON.stringify([path, path.replace(/index\.html$/, '')]);
      await page.waitForFunction(`${shown}.includes(location.pathname) && document.querySelector('.vp-doc h1')?.id === ${JSON.stringify(h1)}`, undefined, { timeout: 10_000 });
    } else {
      const res = await page.goto(origin + path, { waitUntil: 'load' });
      if (res?.status() !== 200) problems.push(`${path} answered ${res?.status()}`);
    }
    // Page code is passed as strings: the tests are compiled without the DOM types.
    const ids = (await page.evaluate("Array.from(document.querySelectorAll('[id]'), (e) => e.id)")) as string[];
    const links = (await page.evaluate("Array.from(document.querySelectorAll('a[href]'), (a) => a.href)")) as string[];
    return { path, ids, links, problems };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
}

describe('the documentation site in Chromium', { timeout: 240_000 }, () => {
  const reports = new Map<string, PageReport>();
  let files = new Set<string>();

  it('builds, and every page loads without a console error, a failed request or a request elsewhere', async () => {
    // The guide pages are opened as documents; the API reference's pages (most of the site), in a
    // second tab, by following links as a reader does.
    if (launchError !== undefined) throw launchError;
    files = new Set(siteFiles(siteDist));
    const pages = [...files].filter((f) => f.endsWith('.html') && f !== '/404.html').sort();
    assert.ok(pages.length > 100, `only ${pages.length} pages`);
    for (const must of ['/index.html', '/README.html', '/BENCHMARKS.html', '/CHANGELOG.html', '/docs/starter.html', '/docs/migrating.html', '/docs/security.html', '/docs/doctor.html', '/api/index.html', '/api/interfaces/Response.html', '/api/variables/json.html']) {
      assert.ok(files.has(must), `${must} is not in the site`);
    }
    // Nothing may leave the site: fonts, scripts, analytics all come from 127.0.0.1. (Recorded
    // rather than intercepted: routing every request through the driver triples the run time.)
    const elsewhere: string[] = [];
    browser.context.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:') elsewhere.push(url.href);
    });
    const started = Date.now();
    const guideTab = browser.context.pages()[0] ?? (await browser.context.newPage());
    const apiTab = await browser.context.newPage();
    const api = pages.filter((p) => p.startsWith('/api/'));
    await Promise.all([
      (async () => {
        for (const path of pages.filter((p) => !p.startsWith('/api/'))) reports.set(path, await visit(guideTab, path, 'load'));
      })(),
      (async () => {
        for (const [i, path] of api.entries()) reports.set(path, await visit(apiTab, path, i === 0 ? 'load' : 'click'));
      })(),
    ]);
    const problems = [...reports.values()].flatMap((r) => r.problems.map((p) => `${r.path}: ${p}`));
    console.log(`docs site: built in ${buildSeconds.toFixed(1)} s; ${reports.size} pages loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.deepEqual(problems, []);
    assert.deepEqual(elsewhere, []);
  });

  it('has no broken internal link and no link to a missing anchor', () => {
    assert.ok(reports.size > 0, 'the pages were not loaded');
    const broken: string[] = [];
    let checked = 0;
    for (const report of reports.values()) {
      for (const href of report.links) {
        const url = new URL(href);
        if (url.origin !== origin) continue;
        checked++;
        let path = decodeURIComponent(url.pathname);
        if (path.endsWith('/')) path += 'index.html';
        if (!files.has(path)) {
          broken.push(`${report.path} links to ${url.pathname}, which is not in the site`);
          continue;
        }
        if (url.hash === '' || url.hash === '#') continue;
        const target = reports.get(path);
        const id = decodeURIComponent(url.hash.slice(1));
        if (target && !target.ids.includes(id)) broken.push(`${report.path} links to ${path}${url.hash}, which has no such anchor`);
      }
    }
    console.log(`docs site: ${checked} internal links checked`);
    assert.ok(checked > 1000, `only ${checked} internal links`);
    assert.deepEqual(broken, []);
  });

  it('gives every docs/*.md page a place in the sidebar', () => {
    const sidebar = new Set(reports.get('/docs/starter.html')?.links.map((l) => new URL(l).pathname));
    const pages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    assert.ok(pages.length > 20);
    assert.deepEqual(pages.filter((f) => !sidebar.has(`/docs/${f.replace(/\.md$/, '.html')}`)), []);
  });

  it('links the guide pages to their API reference, down to the member', () => {
    const guide = reports.get('/docs/response.html');
    assert.ok(guide, 'the response guide was loaded');
    const api = guide.links.map((l) => new URL(l)).filter((u) => u.pathname === '/api/interfaces/Response.html');
    assert.ok(api.some((u) => u.hash === ''), 'the "API reference" box');
    assert.ok(api.some((u) => u.hash === '#redirect'), '`res.redirect` links to its member');
    const files = reports.get('/docs/static-files.html')?.links.map((l) => new URL(l)) ?? [];
    assert.ok(files.some((u) => u.pathname === '/api/interfaces/Response.html' && u.hash === '#sendfile'), 'res.sendFile() links to its member');
    for (const [guide, target] of [
      ['/docs/application.html', '/api/interfaces/Application.html'],
      ['/docs/request.html', '/api/interfaces/Request.html'],
      ['/docs/routing.html', '/api/interfaces/Router.html'],
      ['/docs/body-parsers.html', '/api/variables/json.html'],
      ['/docs/static-files.html', '/api/variables/static.html'],
    ]) {
      assert.ok(reports.get(guide)?.links.some((l) => new URL(l).pathname === target), `${guide} links to ${target}`);
    }
    // Every member of req, res, app and the router has an anchor on its page.
    const response = reports.get('/api/interfaces/Response.html');
    for (const member of ['send', 'json', 'sendfile', 'download', 'redirect', 'cookie', 'render', 'status']) assert.ok(response?.ids.includes(member), `Response#${member}`);
    const request = reports.get('/api/interfaces/Request.html');
    for (const member of ['accepts', 'get', 'is', 'range', 'hostname', 'ip', 'query', 'params', 'body']) assert.ok(request?.ids.includes(member), `Request#${member}`);
    const application = reports.get('/api/interfaces/Application.html');
    for (const member of ['use', 'get', 'set', 'listen', 'param', 'route', 'engine', 'render', 'locals']) assert.ok(application?.ids.includes(member), `Application#${member}`);
    const router = reports.get('/api/interfaces/Router.html');
    for (const member of ['use', 'get', 'param', 'route', 'all']) assert.ok(router?.ids.includes(member), `Router#${member}`);
  });

  it('shows the home page, a guide page, an API page and the benchmarks with their charts (screenshots)', async () => {
    if (launchError !== undefined) throw launchError;
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${origin}/index.html`);
    assert.equal(await page.locator('.VPHero .name').first().textContent(), 'Portico');
    await page.screenshot({ path: join(screenshots, 'docs-home.png') });
    await page.goto(`${origin}/docs/routing.html`);
    assert.match((await page.locator('h1').first().textContent()) ?? '', /^Routing\b/);
    await page.screenshot({ path: join(screenshots, 'docs-guide-routing.png') });
    await page.goto(`${origin}/api/interfaces/Response.html`);
    await page.screenshot({ path: join(screenshots, 'docs-api-response.png') });
    await page.goto(`${origin}/BENCHMARKS.html`);
    const chart = page.locator('img[src*="requests-per-second"]');
    await chart.scrollIntoViewIfNeeded();
    // The chart was fetched and decoded (a broken image has no natural width).
    const width = await page.evaluate(`(() => { const img = document.querySelector('img[src*="requests-per-second"]'); return img.decode().then(() => img.naturalWidth); })()`);
    assert.ok(Number(width) > 500, `the chart's width: ${String(width)}`);
    await page.screenshot({ path: join(screenshots, 'docs-benchmarks.png') });
  });

  it('finds a page with the local search', async () => {
    if (launchError !== undefined) throw launchError;
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${origin}/index.html`);
    await page.locator('.DocSearch-Button, .VPNavBarSearchButton').first().click();
    await page.locator('input.search-input, #localsearch-input').first().fill('sendFile');
    await page.locator('.result').first().waitFor();
    assert.ok((await page.locator('.result').count()) > 0);
  });
});
