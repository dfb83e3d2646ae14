// The API reference: TypeDoc (with typedoc-plugin-markdown) over the .d.ts files the package publishes,
// written as Markdown pages of the site, and the index of their member anchors that the guide pages
// link to. It reads dist/ rather than src/ so that it documents exactly what `npm pack` ships.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { publishedMembers } from './published-members.mjs';
import { headingAnchors, markdownLines } from './slug.mjs';

/** Runs TypeDoc with site/typedoc.json (into `out` when given); throws with its output when it fails. */
export function runTypeDoc(root, out) {
  const bin = join(root, 'node_modules', 'typedoc', 'bin', 'typedoc');
  const args = [bin, '--options', join(root, 'site', 'typedoc.json'), ...(out ? ['--out', out] : [])];
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`typedoc failed:\n${result.stdout}${result.stderr}`);
}

/** Every Markdown file under `dir`, as paths relative to it with forward slashes. */
function markdownFiles(dir, base = dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...markdownFiles(full, base));
    else if (name.endsWith('.md')) out.push(relative(base, full).split(sep).join('/'));
  }
  return out;
}

/**
 * The members documented on an API page: each `### name` or `### name()` heading under
 * "Properties", "Methods" or "Accessors", mapped to its anchor.
 */
export function memberAnchors(markdown) {
  const members = new Map();
  const anchors = headingAnchors(markdown);
  let index = 0;
  let section = '';
  for (const { line, code } of markdownLines(markdown)) {
    if (code || !/^#{1,6}\s/.test(line)) continue;
    const anchor = anchors[index++];
    const h2 = /^##\s+(.*)$/.exec(line);
    if (h2) section = h2[1].trim();
    const h3 = /^###\s+(.*)$/.exec(line);
    if (!h3 || !/^(Properties|Methods|Accessors|Inherited from Node\.js)$/.test(section)) continue;
    // `### ~~del~~`, `### \_router`, `### send()`, `### secret?`, `### next()?`: the bare name.
    const name = h3[1].replace(/\\(.)/g, '$1').replace(/~~|`/g, '').replace(/(\(\))?\??$/, '').trim();
    if (!members.has(name)) members.set(name, anchor);
  }
  return members;
}

// The objects a guide writes as `app.x`, `req.x`, `res.x`, `router.x`, and their pages.
const OBJECT_PAGES = {
  app: 'interfaces/Application.md',
  req: 'interfaces/Request.md',
  res: 'interfaces/Response.md',
  router: 'interfaces/Router.md',
};

// The factories on the framework function (`portico.json`, `express.static`, …), each a page.
export const FACTORIES = ['json', 'raw', 'text', 'urlencoded', 'static', 'query', 'Router', 'cookieParser'];

// Where Node documents the classes req, res and the app inherit from.
const NODE_DOCS = {
  IncomingMessage: 'https://nodejs.org/api/http.html#class-httpincomingmessage',
  ServerResponse: 'https://nodejs.org/api/http.html#class-httpserverresponse',
  OutgoingMessage: 'https://nodejs.org/api/http.html#class-httpoutgoingmessage',
  EventEmitter: 'https://nodejs.org/api/events.html#class-eventemitter',
  Readable: 'https://nodejs.org/api/stream.html#class-streamreadable',
  Writable: 'https://nodejs.org/api/stream.html#class-streamwritable',
  Stream: 'https://nodejs.org/api/stream.html#stream',
};

/**
 * Appends to the pages of OBJECT_PAGES a section listing the members their interface inherits from
 * Node's classes (TypeDoc leaves out what is declared in node_modules), each under a heading of its
 * own with a link to Node's documentation of its class: every member of req, res and the app has
 * an anchor in the reference.
 */
export function appendNodeMembers(apiDir, entry) {
  for (const page of Object.values(OBJECT_PAGES)) {
    const file = join(apiDir, page);
    const markdown = readFileSync(file, 'utf8');
    const documented = memberAnchors(markdown);
    const name = /^interfaces\/(\w+)\.md$/.exec(page)[1];
    const inherited = publishedMembers(entry, name).filter((m) => m.fromNode && !documented.has(m.name));
    if (inherited.length === 0) continue;
    const owners = [...new Set(inherited.map((m) => m.owner))];
    const link = (owner) => (NODE_DOCS[owner] ? `[\`${owner}\`](${NODE_DOCS[owner]})` : `\`${owner}\``);
    const section = [
      '## Inherited from Node.js',
      '',
      `Members of Node's ${owners.map(link).join(', ')}, which Node.js documents.`,
      '',
      ...inherited.flatMap((m) => [`### ${m.name}`, '', `${link(m.owner)}.${m.name}`, '']),
    ];
    writeFileSync(file, `${markdown.trimEnd()}\n\n${section.join('\n')}`);
  }
}

/**
 * The index of the reference under `apiDir`: for each object of OBJECT_PAGES its page and member
 * anchors, and the page of each factory. Throws when TypeDoc wrote no page for one of them, so a
 * change in the types or the generator cannot silently leave a guide link without its target.
 */
export function apiIndex(apiDir) {
  const objects = {};
  for (const [object, page] of Object.entries(OBJECT_PAGES)) {
    const members = memberAnchors(readFileSync(join(apiDir, page), 'utf8'));
    if (members.size === 0) throw new Error(`the API page ${page} documents no members`);
    objects[object] = { page, members };
  }
  const factories = {};
  for (const name of FACTORIES) {
    const page = `variables/${name}.md`;
    statSync(join(apiDir, page));
    factories[name] = page;
  }
  return { objects, factories };
}

/** A page's title: its first `# ` heading without TypeDoc's "Interface: " prefix and escapes. */
function pageTitle(markdown, fallback) {
  const h1 = /^#\s+(.*)$/m.exec(markdown);
  if (!h1) return fallback;
  return h1[1].replace(/^[A-Za-z ]+:\s+/, '').replace(/\\(.)/g, '$1').replace(/<.*$/, '').replace(/\(\)$/, '').trim();
}

/** The sidebar of the API reference, grouped by kind, written to api/sidebar.json for the site config. */
export function writeApiSidebar(apiDir) {
  const files = markdownFiles(apiDir);
  const item = (file) => {
    const text = pageTitle(readFileSync(join(apiDir, file), 'utf8'), file);
    return { text, link: `/api/${file.replace(/\.md$/, '')}` };
  };
  const pick = (test) => files.filter(test).map(item).sort((a, b) => a.text.localeCompare(b.text));
  const main = ['Application', 'Express', 'Request', 'Response', 'Router', 'Route'].map((n) => `interfaces/${n}.md`);
  const sidebar = [
    { text: 'Overview', link: '/api/' },
    { text: 'app, req, res, Router', collapsed: false, items: main.filter((f) => files.includes(f)).map(item) },
    { text: 'Middleware factories', collapsed: false, items: FACTORIES.map((n) => item(`variables/${n}.md`)) },
    {
      text: 'Other exports',
      collapsed: true,
      items: pick((f) => /^(interfaces|type-aliases|variables|functions)\//.test(f) && !main.includes(f) && !FACTORIES.some((n) => f === `variables/${n}.md`)),
    },
    { text: 'Types they use', collapsed: true, items: pick((f) => f.startsWith('types/') && f !== 'types/index.md') },
  ];
  writeFileSync(join(apiDir, 'sidebar.json'), JSON.stringify(sidebar, null, 2) + '\n');
  return sidebar;
}
