import escapeHtml from 'escape-html';

/** One entry of a listing. */
export interface ListingEntry {
  name: string;
  isDirectory: boolean;
  /** Bytes (files only). */
  size: number;
  mtime: Date;
}

/** The HTML order of Connect 2.30: directories first, then names by locale, case aside. */
export function compareHtmlEntries(a: ListingEntry, b: ListingEntry): number {
  if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
  return a.name.toLowerCase().localeCompare(b.name.toLowerCase());
}

/** The plain-text and JSON order of Connect 2.30: names by code unit, directories among files. */
function sortedNames(entries: readonly ListingEntry[]): string[] {
  return entries.map((e) => e.name).sort();
}

/** `["a.txt", "sub"]`: the names, as 3.x's JSON listing gave them. */
export function renderJsonListing(entries: readonly ListingEntry[]): string {
  return JSON.stringify(sortedNames(entries));
}

/** One name per line (a lone line break for an empty directory). */
export function renderTextListing(entries: readonly ListingEntry[]): string {
  return sortedNames(entries).join('\n') + '\n';
}

/** The page's styles, `{style}` of a template: fixed, so they are written once. */
export const LISTING_STYLE = [
  'body{margin:0;padding:40px;font:14px "Helvetica Neue",Helvetica,Arial,sans-serif;color:#333}',
  'h1{font-size:18px;font-weight:normal}h1 a{color:#333;text-decoration:none}',
  'ul#files{list-style:none;margin:0;padding:0}ul#files li{padding:4px 0}',
  'ul#files a{color:#06c;text-decoration:none}ul#files a:hover{text-decoration:underline}',
  'ul#files .size,ul#files .date{margin-left:1em;color:#999}',
  '.icon::before{display:inline-block;width:1.5em}.icon-directory::before{content:"\\1F4C1"}.icon-file::before{content:"\\1F4C4"}',
].join('');

/** The page around a listing when no `template` is given; its placeholders are a template's. */
export const DEFAULT_LISTING_TEMPLATE =
  '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n' +
  '<meta name="viewport" content="width=device-width,initial-scale=1">\n' +
  '<title>listing directory {directory}</title>\n<style>{style}</style>\n</head>\n' +
  '<body class="directory">\n<div id="wrapper">\n<h1><a href="/">~</a>{linked-path}</h1>\n{files}\n</div>\n</body>\n</html>\n';

/** What a listing page is made of. */
export interface HtmlListing {
  /** The decoded path of the request (`/files/sub/`), as the browser shows it. */
  directory: string;
  /** Is the directory below the middleware's root (so it gets a `..` entry)? */
  belowRoot: boolean;
  entries: readonly ListingEntry[];
  icons: boolean;
}

const PLACEHOLDER = /\{(directory|linked-path|files|style)\}/g;

/**
 * Fills a template's `{directory}`, `{linked-path}`, `{files}` and `{style}` in one pass (so a file
 * named `{style}` stays a name). Every name is HTML-escaped and every link is built from
 * URI-encoded segments, never from raw input. The entries' markup is Connect 2.30's.
 */
export function renderHtmlListing(template: string, listing: HtmlListing): string {
  const values: Record<string, string> = {
    directory: escapeHtml(listing.directory),
    'linked-path': linkedPath(listing.directory),
    files: fileList(listing),
    style: LISTING_STYLE,
  };
  return template.replace(PLACEHOLDER, (_m, name: string) => values[name]);
}

/** `<ul id="files">` with the `..` entry below the root, then the entries in HTML order. */
function fileList(listing: HtmlListing): string {
  const segments = listing.directory.split('/').filter((s) => s !== '');
  const items: string[] = [];
  if (listing.belowRoot) items.push(entryItem('..', hrefOf(segments.slice(0, -1)), true, '', '', listing.icons));
  for (const e of listing.entries) {
    const size = e.isDirectory ? '' : String(e.size);
    items.push(entryItem(e.name, hrefOf([...segments, e.name]), e.isDirectory, size, localDate(e.mtime), listing.icons));
  }
  return '<ul id="files" class="view-tiles">' + items.join('\n') + '</ul>';
}

function entryItem(name: string, href: string, isDirectory: boolean, size: string, date: string, icons: boolean): string {
  const kind = icons ? (isDirectory ? 'icon icon-directory' : 'icon icon-file') : '';
  const text = escapeHtml(name);
  return (
    `<li><a href="${escapeHtml(href)}" class="${kind}" title="${text}">` +
    `<span class="name">${text}</span><span class="size">${size}</span><span class="date">${date}</span></a></li>`
  );
}

/** `/a/b%20c`: the segments URI-encoded; `/` for none. */
function hrefOf(segments: readonly string[]): string {
  return '/' + segments.map(encodeURIComponent).join('/');
}

/** The date column: the server's local date and time, as Connect 2.30 printed them. */
function localDate(date: Date): string {
  return date.toLocaleDateString() + ' ' + date.toLocaleTimeString();
}

/** ` / <a href="/a">a</a> / <a href="/a/b">b</a> / `: each part of the path linking to its directory. */
function linkedPath(directory: string): string {
  const parts = directory.split('/');
  return parts
    .map((part, i) => (part === '' ? '' : `<a href="${escapeHtml(hrefOf(parts.slice(1, i + 1)))}">${escapeHtml(part)}</a>`))
    .join(' / ');
}
