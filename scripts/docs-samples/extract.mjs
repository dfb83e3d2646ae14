// The code samples of the documentation and what each claims, read from the Markdown.
// The conventions (docs/docs-site.md, "Code samples"):
// - a ```js / ```ts block is a sample and is run; ```js fragment marks one that cannot run alone
//   (it is only parsed, so a syntax error still fails);
// - an HTML comment right after the block, `<!-- sample … -->`, says what running it must show:
//   one exchange per line, `GET /path [Header: value] body -> 200 [Header: value] body`, and
//   `setup:`, `file:`, `copy:`, `only: portico`, `tls` lines (see parseSpec).

const SAMPLE_LANGS = new Set(['js', 'javascript', 'cjs', 'ts', 'typescript']);
const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/;

/** One sample: where it is, its language, code, whether it is a fragment, and its `<!-- sample -->` spec. */
export function extractSamples(markdown, file) {
  const lines = markdown.split('\n');
  const samples = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, fence, lang, rest] = open;
    let end = i + 1;
    while (end < lines.length && !(lines[end].startsWith(fence) && lines[end].trim() === fence)) end++;
    if (SAMPLE_LANGS.has(lang)) {
      const words = rest.split(/\s+/).filter(Boolean);
      const typescript = lang === 'ts' || lang === 'typescript';
      samples.push({
        file,
        line: i + 1,
        typescript,
        fragment: words.includes('fragment'),
        code: lines.slice(i + 1, end).join('\n') + '\n',
        spec: parseSpec(commentAfter(lines, end + 1), `${file}:${i + 1}`),
      });
    }
    i = end;
  }
  return samples;
}

/** The text of a `<!-- sample … -->` comment starting at or after line `from` (blank lines skipped). */
function commentAfter(lines, from) {
  let i = from;
  while (i < lines.length && lines[i].trim() === '') i++;
  if (i >= lines.length || !lines[i].trim().startsWith('<!-- sample')) return null;
  const body = [];
  for (; i < lines.length; i++) {
    body.push(lines[i]);
    if (lines[i].includes('-->')) break;
  }
  return body.join('\n').replace(/^\s*<!-- sample:?/, '').replace(/-->\s*$/, '');
}

const HEADER = /^\[([A-Za-z0-9-]+):\s*([^\]]*)\]\s*/;

/** Leading `[Name: value]` groups of `text`, and the rest. */
function takeHeaders(text) {
  const headers = [];
  let rest = text.trim();
  for (let m = HEADER.exec(rest); m; m = HEADER.exec(rest)) {
    headers.push([m[1].toLowerCase(), m[2].trim()]);
    rest = rest.slice(m[0].length);
  }
  return { headers, rest };
}

/** `\n` and `\t` in a body or file content written on one line. */
function unescape(text) {
  return text.replace(/\\([nt\\])/g, (_, c) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\'));
}

/** One exchange line: `METHOD /path [H: v]… body -> STATUS [H: v]… body`. */
export function parseExchange(line, where) {
  const arrow = line.indexOf(' -> ');
  if (arrow === -1) throw new Error(`${where}: an exchange needs " -> ": ${line}`);
  const request = /^([A-Z]+)\s+(\S+)\s*(.*)$/.exec(line.slice(0, arrow).trim());
  const response = /^(\d{3})\s*(.*)$/.exec(line.slice(arrow + 4).trim());
  if (!request || !response) throw new Error(`${where}: cannot read the exchange ${line}`);
  const req = takeHeaders(request[3]);
  const res = takeHeaders(response[2]);
  const expected = res.rest;
  return {
    text: line.trim(),
    method: request[1],
    path: request[2],
    headers: Object.fromEntries(req.headers),
    body: req.rest === '' ? undefined : unescape(req.rest),
    status: Number(response[1]),
    expectHeaders: res.headers,
    // '' checks nothing of the body; `~text` that it contains text; `""` that it is empty.
    expectBody: expected === '' ? undefined : expected === '""' ? { exact: '' } : expected.startsWith('~') ? { contains: unescape(expected.slice(1)) } : { exact: unescape(expected) },
  };
}

/** The spec of a sample from its comment text (null: no comment). */
export function parseSpec(comment, where) {
  const spec = { exchanges: [], setup: [], files: [], copies: [], portico: false, tls: false, present: comment !== null };
  if (comment === null) return spec;
  for (const raw of comment.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const directive = /^(setup|file|copy|only):\s*(.*)$/.exec(line);
    if (line === 'tls') spec.tls = true;
    else if (!directive) spec.exchanges.push(parseExchange(line, where));
    else if (directive[1] === 'setup') spec.setup.push(directive[2]);
    else if (directive[1] === 'only') {
      if (directive[2] !== 'portico') throw new Error(`${where}: only: takes "portico"`);
      spec.portico = true;
    } else {
      const eq = directive[2].indexOf(' = ');
      if (eq === -1) throw new Error(`${where}: ${directive[1]}: needs "path = …"`);
      const entry = { path: directive[2].slice(0, eq).trim(), value: directive[2].slice(eq + 3) };
      if (directive[1] === 'file') spec.files.push({ path: entry.path, content: unescape(entry.value) });
      else spec.copies.push({ path: entry.path, from: entry.value.trim() });
    }
  }
  return spec;
}
