// Text as the charts write it: plain (the labels and titles are shared with the Markdown tables of
// BENCHMARKS.md, where `code` and **bold** mean something; in SVG they would show as raw marks) and
// measured without a font at hand, so that a label column can be made as wide as its longest label.

// Advance widths of the printable ASCII characters (32 to 126), in thousandths of the font size,
// of Helvetica/Arial: the metric-compatible fallback of the charts' font stack.
// prettier-ignore
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 to ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ to O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P to _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` to o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p to ~
];
// The characters beyond ASCII the charts write; any other counts as a full em.
const OTHER_WIDTHS = { '—': 1000, '–': 556, '…': 1000, '×': 584, '−': 584, '\u00a0': 278 };
// system-ui (San Francisco, Segoe UI, Cantarell, DejaVu Sans) sets most text wider than Arial, and
// bold wider still. The margins bring the estimate to DejaVu Sans, the widest of them (as rendered:
// 'Portico, deferred dispatch' at 12 px is 153 px wide, 134 px in Helvetica), so that what the
// estimate says fits does fit.
const FONT_MARGIN = 1.12;
const BOLD_MARGIN = 1.15;

/** `text` without Markdown's code and emphasis marks (`` ` ``, `*`, `__`), as an SVG chart writes it. */
export function plainText(text) {
  return String(text).replace(/`|\*|__/g, '');
}

/** The estimated width in pixels of `text` at `size` pixels, bold or not, in the charts' font. */
export function textWidth(text, size, bold = false) {
  let thousandths = 0;
  for (const c of String(text)) {
    const code = c.codePointAt(0);
    thousandths += code >= 32 && code <= 126 ? ASCII_WIDTHS[code - 32] : (OTHER_WIDTHS[c] ?? 1000);
  }
  return (thousandths / 1000) * size * FONT_MARGIN * (bold ? BOLD_MARGIN : 1);
}
