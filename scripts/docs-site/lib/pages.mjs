// The site's pages, from the Markdown where it lives: docs/*.md, README.md and the other root pages,
// copied into site/.src/ with three changes made on the way (the sources stay readable on GitHub):
// - the guide pages get a box of links to their API reference pages;
// - inline code naming a member (`res.send()`, `req.accepts`, `app.set`, `portico.json()`) links to
//   its anchor in the API reference, when the reference has one;
// - links to repository files that are not pages (examples, config files) point to copies of those
//   files served with the site, and a link to a folder to a generated listing of it.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { markdownLines } from './slug.mjs';

/** The root files that are pages of the site, besides docs/*.md. */
export const ROOT_PAGES = ['README.md', 'BENCHMARKS.md', 'CHANGELOG.md', 'SECURITY.md'];

/** The API pages each guide page links to in its "API reference" box: [label, page under api/, anchor?]. */
export const GUIDE_API = {
  'docs/application.md': [['Application (app)', 'interfaces/Application.md'], ['Express', 'interfaces/Express.md']],
  'docs/request.md': [['Request (req)', 'interfaces/Request.md']],
  'docs/response.md': [['Response (res)', 'interfaces/Response.md']],
  'docs/routing.md': [['Router', 'interfaces/Router.md'], ['Route', 'interfaces/Route.md'], ['portico.Router()', 'variables/Router.md']],
  'docs/body-parsers.md': [
    ['portico.json()', 'variables/json.md'],
    ['portico.raw()', 'variables/raw.md'],
    ['portico.text()', 'variables/text.md'],
    ['portico.urlencoded()', 'variables/urlencoded.md'],
    ['portico.query()', 'variables/query.md'],
  ],
  'docs/static-files.md': [
    ['portico.static()', 'variables/static.md'],
    ['res.sendFile()', 'interfaces/Response.md', 'sendfile'],
    ['res.download()', 'interfaces/Response.md', 'download'],
  ],
  'docs/cookies.md': [['portico.cookieParser()', 'variables/cookieParser.md'], ['res.cookie()', 'interfaces/Response.md', 'cookie']],
  'docs/errors.md': [['HttpError', 'variables/HttpError.md']],
};

const LINK = /\[[^\]]*\]\([^)]*\)/g;
const MEMBER = /`(app|req|res|router)\.([A-Za-z_$][\w$]*)([^`]*)`/g;
const FACTORY = /`(?:portico|express)\.([A-Za-z_$][\w$]*)([^`]*)`/g;

/** A link from the page at `from` (a path under site/.src) to `to` (another), relative as Markdown wants. */
function relativeLink(from, to) {
  const rel = posix.relative(posix.dirname(from), to);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Applies `change` to the parts of a line outside Markdown links (so no link is nested in another). */
function outsideLinks(line, change) {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    out += change(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + change(line.slice(last));
}

/** Inline code naming an API member or factory, turned into a link to it (unchanged when unknown). */
export function linkMembers(line, page, index) {
  return outsideLinks(line, (text) =>
    text
      .replace(MEMBER, (code, object, name) => {
        const entry = index.objects[object];
        const anchor = entry?.members.get(name);
        return anchor === undefined ? code : `[${code}](${relativeLink(page, `api/${entry.page}`)}#${anchor})`;
      })
      .replace(FACTORY, (code, name) => {
        const target = index.factories[name];
        return target === undefined ? code : `[${code}](${relativeLink(page, `api/${target}`)})`;
      }),
  );
}

/** The "API reference" box of a guide page, or '' for a page without one. */
export function apiBox(page, index) {
  const entries = GUIDE_API[page];
  if (!entries) return '';
  const links = entries.map(([label, target, anchor]) => {
    if (anchor !== undefined && ![...(Object.values(index.objects).find((o) => o.page === target)?.members.values() ?? [])].includes(anchor)) {
      throw new Error(`${page}: the API page ${target} has no anchor #${anchor}`);
    }
    return `[${label}](${relativeLink(page, `api/${target}`)}${anchor ? `#${anchor}` : ''})`;
  });
  return `\n::: info API reference\n${links.join(' · ')}\n:::\n`;
}

/**
 * A page's Markdown as the site shows it. `page` is its path on the site (`docs/routing.md`),
 * `resolveLink(target)` says what to do with a relative link target: `{ target, file }`, `file` when
 * it names a file served as it is rather than a page.
 */
export function transformPage(markdown, page, index, resolveLink) {
  let boxed = false;
  const out = [];
  for (const { line, code } of markdownLines(markdown)) {
    if (code) {
      out.push(line);
      continue;
    }
    let text = line.replace(/(!?)\[([^\]]*)\]\(([^)\s#][^)\s#]*)(#[^)\s]*)?\)/g, (all, bang, label, target, hash = '') => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) return all;
      const resolved = resolveLink(target);
      // A file served as it is: a plain link, which the site's router leaves to the browser.
      if (resolved.file && !bang) return `<a href="${resolved.target}${hash}" target="_self">${label}</a>`;
      return `${bang}[${label}](${resolved.target}${hash})`;
    });
    if (!/^#{1,6}\s/.test(line)) text = linkMembers(text, page, index);
    out.push(text);
    if (!boxed && /^#\s/.test(line)) {
      out.push(apiBox(page, index));
      boxed = true;
    }
  }
  return out.join('\n');
}

/** Files of a folder, recursively, relative to it. */
function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full).map((f) => `${name}/${f}`));
    else out.push(name);
  }
  return out;
}

/**
 * Copies the pages into `srcDir` (site/.src), transformed, and the repository files they link to
 * into its public/ folder. Returns the list of pages written (paths under srcDir).
 */
export function writePages(root, srcDir, index) {
  const pages = [...ROOT_PAGES, ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
  const pageSet = new Set(pages);
  const listings = new Map();
  for (const page of pages) {
    const resolveLink = (target) => {
      const repoPath = posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(target)));
      if (pageSet.has(repoPath)) return { target, file: false };
      const full = join(root, ...repoPath.split('/'));
      if (!existsSync(full) || repoPath.startsWith('..')) throw new Error(`${page}: the link ${target} names ${repoPath}, which is not in the repository`);
      if (statSync(full).isDirectory()) {
        // A folder: a generated page listing its files, each served as it is.
        const folder = repoPath.replace(/\/$/, '');
        listings.set(folder, filesUnder(full));
        for (const file of filesUnder(full)) copyTo(root, join(srcDir, 'public'), `${folder}/${file}`);
        return { target: relativeLink(page, `${folder}/index.md`), file: false };
      }
      // An image is bundled by the generator from beside the page; any other file is served as it is.
      if (/\.(svg|png|jpe?g|gif|webp)$/i.test(repoPath)) {
        copyTo(root, srcDir, repoPath);
        return { target, file: false };
      }
      copyTo(root, join(srcDir, 'public'), repoPath);
      return { target: `/${repoPath}`, file: true };
    };
    const source = readFileSync(join(root, ...page.split('/')), 'utf8');
    const target = join(srcDir, ...page.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, transformPage(source, page, index, resolveLink));
  }
  for (const [folder, files] of listings) {
    const list = files.map((f) => `- <a href="/${folder}/${f}" target="_self">${f}</a>`).join('\n');
    mkdirSync(join(srcDir, ...folder.split('/')), { recursive: true });
    writeFileSync(join(srcDir, ...folder.split('/'), 'index.md'), `# \`${folder}/\`\n\nThe files of \`${folder}/\` in the repository:\n\n${list}\n`);
  }
  return pages;
}

/** Copies a repository file under `dir`, at the same path. */
function copyTo(root, dir, repoPath) {
  const to = join(dir, ...repoPath.split('/'));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(root, ...repoPath.split('/')), to);
}

/** Copies every file of `from` (recursively) to `to`. */
export function copyTree(from, to) {
  if (!existsSync(from)) return;
  for (const file of filesUnder(from)) {
    const target = join(to, ...file.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(from, ...file.split('/')), target);
  }
}
