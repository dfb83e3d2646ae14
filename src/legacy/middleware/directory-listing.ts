import escapeHtml from 'escape-html';

/** One entry of a listing. */
export interface ListingEntry {
  name: string;
  isDirectory: boolean;
}

/** Directories first, then names case-insensitively, then exactly (stable across platforms). */
export function compareEntries(a: ListingEntry, b: ListingEntry): number {
  if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
  const la = a.name.toLowerCase();
  const lb = b.name.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** `["a.txt", "sub"]`: the names, as 3.x's JSON listing gave them. */
export function renderJsonListing(entries: readonly ListingEntry[]): string {
  return JSON.stringify(entries.map((e) => e.name));
}

/** One name per line. */
export function renderTextListing(entries: readonly ListingEntry[]): string {
  return entries.map((e) => e.name + '\n').join('');
}

/** The page's styles: fixed, so they are written once. */
const STYLE = [
  'body{margin:0;padding:40px;font:14px "Helvetica Neue",Helvetica,Arial,sans-serif;color:#333}',
  'h1{font-size:18px;font-weight:normal}h1 a{color:#333;text-decoration:none}',
  'ul#files{list-style:none;margin:0;padding:0}ul#files li{padding:4px 0}',
  'ul#files a{color:#06c;text-decoration:none}ul#files a:hover{text-decoration:underline}',
  '.icon{display:inline-block;width:1.5em}',
].join('');

/**
 * The HTML page: a breadcrumb of `displayPath` and one link per entry. Every name is
 * HTML-escaped and every link is built from URI-encoded segments, never from raw input.
 */
export function renderHtmlListing(
  displayPath: string,
  segments: readonly string[],
  entries: readonly ListingEntry[],
  icons: boolean,
): string {
  const base = segments.length === 0 ? '/' : '/' + segments.map(encodeURIComponent).join('/') + '/';
  const items: string[] = [];
  if (segments.length !== 0) items.push(entryItem('..', base + '..', true, icons));
  for (const e of entries) {
    items.push(entryItem(e.name, base + encodeURIComponent(e.name) + (e.isDirectory ? '/' : ''), e.isDirectory, icons));
  }
  const title = escapeHtml(displayPath);
  return (
    '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">\n' +
    `<title>listing directory ${title}</title>\n<style>${STYLE}</style>\n</head>\n` +
    `<body class="directory">\n<div id="wrapper">\n<h1>${breadcrumb(segments)}</h1>\n` +
    `<ul id="files">\n${items.join('\n')}\n</ul>\n</div>\n</body>\n</html>\n`
  );
}

function entryItem(name: string, href: string, isDirectory: boolean, icons: boolean): string {
  const kind = isDirectory ? 'directory' : 'file';
  const icon = icons ? `<span class="icon icon-${kind}" aria-hidden="true">${isDirectory ? '&#128193;' : '&#128196;'}</span>` : '';
  return `<li class="${kind}"><a href="${escapeHtml(href)}" title="${escapeHtml(name)}">${icon}<span class="name">${escapeHtml(name)}</span></a></li>`;
}

/** `~ / a / b /`, each part linking to its own directory. */
function breadcrumb(segments: readonly string[]): string {
  let href = '/';
  const parts = ['<a href="/">~</a>'];
  for (const segment of segments) {
    href += encodeURIComponent(segment) + '/';
    parts.push(`<a href="${escapeHtml(href)}">${escapeHtml(segment)}</a>`);
  }
  return parts.join(' / ');
}
