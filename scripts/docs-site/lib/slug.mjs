// Heading anchors, made the way GitHub makes them, for the site too (site/.vitepress/config.mts
// passes this function to the generator): a link to `security.md#the-host-header` or
// `observability.md#2-apm-agents-…` works on GitHub and on the site alike, and so do the anchors
// TypeDoc's Markdown links assume (`#_router`). test/e2e/docs-site.browser.test.ts checks every
// anchor of the built site.

/** The anchor of a heading's text (Markdown escapes already removed): lower case, punctuation dropped, spaces as `-`. */
export function slugify(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The anchors of a Markdown page's headings, in order, numbered as the generator numbers repeats
 * (`parameters`, `parameters-1`, …). Headings inside fenced code are not headings.
 */
export function headingAnchors(markdown) {
  const seen = new Map();
  const anchors = [];
  for (const { line, code } of markdownLines(markdown)) {
    if (code) continue;
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

/**
 * The lines of a Markdown text, each with whether it belongs to a fenced code block (its fences
 * included). A fence closes only with a run of the same character at least as long, so ````md may
 * hold ```js.
 */
export function markdownLines(markdown) {
  const out = [];
  let fence = null;
  for (const line of markdown.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open && fence === null) {
      fence = open[1];
      out.push({ line, code: true });
    } else if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) {
      fence = null;
      out.push({ line, code: true });
    } else {
      out.push({ line, code: fence !== null });
    }
  }
  return out;
}
