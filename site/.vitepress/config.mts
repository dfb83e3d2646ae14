// The documentation site's configuration. The pages are not here: scripts/docs-site/build.mjs copies
// docs/*.md, README.md, BENCHMARKS.md, CHANGELOG.md and SECURITY.md into site/.src/ (with the API
// reference TypeDoc writes from the published .d.ts files), so that the Markdown stays where it is.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type DefaultTheme } from 'vitepress';
import { slugify } from '../../scripts/docs-site/lib/slug.mjs';

const srcDir = join(__dirname, '..', '.src');

/** The API reference's sidebar, written by the build script next to the pages TypeDoc generated. */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = join(srcDir, 'api', 'sidebar.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[]) : [];
}

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Introduction',
    items: [
      { text: 'What Portico is', link: '/' },
      { text: 'Overview (README)', link: '/README' },
      { text: 'Getting started: portico init', link: '/docs/starter' },
      { text: 'Migrating from Express 3 and 4', link: '/docs/migrating' },
      { text: 'Express 5 (portico/5)', link: '/docs/express5' },
      { text: 'From Express 4 to 5, one router at a time', link: '/docs/migrating-to-5' },
      { text: 'portico doctor', link: '/docs/doctor' },
      { text: 'Compatibility with middleware', link: '/docs/compatibility' },
      { text: 'Versioning and support', link: '/docs/versioning' },
    ],
  },
  {
    text: 'Guide',
    items: [
      { text: 'Application and settings', link: '/docs/application' },
      { text: 'Routing', link: '/docs/routing' },
      { text: 'Request', link: '/docs/request' },
      { text: 'Response', link: '/docs/response' },
      { text: 'Body parsers', link: '/docs/body-parsers' },
      { text: 'Errors', link: '/docs/errors' },
      { text: 'Static files', link: '/docs/static-files' },
      { text: 'Views', link: '/docs/views' },
      { text: 'Cookies', link: '/docs/cookies' },
      { text: 'HTTP/2', link: '/docs/http2' },
      { text: 'app.fetch', link: '/docs/fetch' },
      { text: 'Runtimes and bundlers', link: '/docs/runtimes' },
      { text: 'Deferred dispatch', link: '/docs/deferred-dispatch' },
      { text: 'TypeScript', link: '/docs/typescript' },
      { text: 'Legacy 3.x middleware', link: '/docs/legacy-middleware' },
      { text: 'Express 5 (portico/5)', link: '/docs/express5' },
      { text: 'From Express 4 to 5, one router at a time', link: '/docs/migrating-to-5' },
    ],
  },
  {
    text: 'Operations',
    items: [
      { text: 'Deployment', link: '/docs/deployment' },
      { text: 'Observability', link: '/docs/observability' },
      { text: 'Security notes', link: '/docs/security' },
      { text: 'Security policy and advisories', link: '/SECURITY' },
      { text: 'Reliability suite', link: '/docs/reliability' },
      { text: 'Differential fuzzing', link: '/docs/fuzzing' },
    ],
  },
  {
    text: 'Project',
    items: [
      { text: 'Benchmarks', link: '/BENCHMARKS' },
      { text: 'Changelog', link: '/CHANGELOG' },
      { text: 'Architecture', link: '/docs/architecture' },
      { text: 'Dependencies', link: '/docs/dependencies' },
      { text: 'This site and its samples', link: '/docs/docs-site' },
    ],
  },
];

export default defineConfig({
  title: 'Portico',
  description: 'An Express 4 compatible web framework for Node.js, written in TypeScript.',
  srcDir: '.src',
  // public/ holds repository files the pages link to (served as they are), never pages.
  srcExclude: ['public/**'],
  outDir: 'dist',
  cleanUrls: false,
  lastUpdated: false,
  // The site is read from disk or localhost: fetching every linked page's code ahead gains nothing.
  router: { prefetchLinks: false },
  // Offline: no analytics, no web fonts from a CDN (the theme's Inter is served from the site itself).
  head: [],
  // GitHub's heading anchors, so that links written for GitHub work here too.
  markdown: { theme: { light: 'github-light', dark: 'github-dark' }, anchor: { slugify } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/docs/starter' },
      { text: 'API reference', link: '/api/' },
      { text: 'Benchmarks', link: '/BENCHMARKS' },
      { text: 'Changelog', link: '/CHANGELOG' },
    ],
    sidebar: {
      '/api/': [{ text: 'API reference', items: apiSidebar() }],
      '/': guide,
    },
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    footer: { message: 'MIT licence' },
  },
});
