// Heading anchors as the site generator makes them (VitePress uses @mdit-vue's slugify), so that the
// build can link to an anchor it knows will exist. test/e2e/docs-site.browser.test.ts checks every
// anchor in the built pages, so a difference between the two shows up as a failing test.
// C0 control characters, built from a string so that the pattern holds none literally.
const CONTROL = new RegExp('[' + String.fromCharCode(0) + '-' + String.fromCharCode(0x1f) + ']', 'g');
const SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const COMBINING = /[\u0300-\u036F]/g;

/** The anchor of a heading's text (Markdown escapes already removed). */
export function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(COMBINING, '')
    .replace(CONTROL, '')
    .replace(SPECIAL, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * The anchors of a Markdown page's headings, in order, numbered as the generator numbers repeats
 * (`parameters`, `parameters-1`, …). Headings inside fenced code are not headings.
 */
export function headingAnchors(markdown) {
  const seen = new Map();
  const anchors = [];
  let fence = null;
  for (const line of markdown.split('\n')) {
    const open = /^(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence === null) fence = open[1][0];
      else if (line.startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = headingText(heading[1]);
    const base = slugify(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.push(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** A heading's text as rendered: links reduced to their text, code marks and escapes removed. */
function headingText(source) {
  return source
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/[`*~]/g, '');
}
