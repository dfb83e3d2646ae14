// Plain SVG bar charts for BENCHMARKS.md, the README and the documentation site: no chart service,
// no script, no web font. A chart is a grid of panels (one per scenario, say); each panel is a set
// of horizontal bars on its own scale, so that a scenario at 700 req/s reads as well as one at
// 35,000. A bar's length is proportional to its value (0 at the panel's left edge), and the label
// column is as wide as the longest label, which test/bench/svg-chart.test.ts checks.

import { plainText, textWidth } from './svg-text.mjs';

const FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
const COLORS = { bar: '#9aa5b8', highlight: '#3451b2', text: '#1f2328', muted: '#59636e', grid: '#d8dee4' };
// Room between a bar's label and the bar, and left of the longest label.
const LABEL_GAP = 8;
const LABEL_MARGIN = 4;
// The size of a bar's label.
const LABEL_SIZE = 12;

/** Text made safe for SVG content and attribute values, written plain (no Markdown marks). */
export function escapeXml(text) {
  return plainText(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** A number rounded for an attribute: coordinates need no more than two decimals. */
const px = (n) => Number(n.toFixed(2));

/** `text` cut to what fits in `width` pixels at `size` (bold or not), with an ellipsis when cut. */
export function fitText(text, width, size, bold = false) {
  if (textWidth(text, size, bold) <= width) return text;
  let end = text.length - 1;
  while (end > 1 && textWidth(`${text.slice(0, end).trimEnd()}…`, size, bold) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** `text` in lines that fit in `width` pixels at `size`, broken at spaces. */
function wrapText(text, width, size) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && textWidth(`${line} ${word}`, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * An SVG document of panels of horizontal bars.
 * - `title`, `subtitle` (optional): the heading lines; `description`: the accessible summary.
 * - `panels`: `[{ title, bars: [{ label, value, highlight? }] }]`; a bar whose value is null is
 *   listed with `note` (or "—") and no bar.
 * - `format(value)`: the label written after each bar.
 * - `columns`: panels per row.
 */
export function barChart({ title, subtitle, description, panels, format, columns = 1, width = 880 }) {
  const margin = 16;
  const labelWidth = labelColumnWidth(panels);
  const valueWidth = 78;
  const barHeight = 14;
  const barGap = 5;
  const panelGap = 22;
  const headerHeight = 22;
  const columnGap = 24;
  const columnWidth = (width - 2 * margin - (columns - 1) * columnGap) / columns;
  const barArea = columnWidth - labelWidth - valueWidth;
  if (barArea < 60) throw new Error('barChart: the chart is too narrow for its columns');

  let y = margin + 22;
  const out = [];
  out.push(`<text x="${margin}" y="${y}" font-size="17" font-weight="600" fill="${COLORS.text}">${escapeXml(title)}</text>`);
  for (const line of subtitle ? wrapText(plainText(subtitle), width - 2 * margin, 12) : []) {
    y += 17;
    out.push(`<text x="${margin}" y="${y}" font-size="12" fill="${COLORS.muted}">${escapeXml(line)}</text>`);
  }
  y += 14;

  // Rows of panels: a row is as tall as its tallest panel.
  for (let row = 0; row * columns < panels.length; row++) {
    const rowPanels = panels.slice(row * columns, row * columns + columns);
    const rowHeight = Math.max(...rowPanels.map((p) => headerHeight + p.bars.length * (barHeight + barGap)));
    rowPanels.forEach((panel, column) => {
      const x0 = margin + column * (columnWidth + columnGap);
      out.push(panelSvg(panel, { x0, y0: y, width: columnWidth, labelWidth, barArea, barHeight, barGap, headerHeight, format }));
    });
    y += rowHeight + panelGap;
  }
  const height = Math.ceil(y - panelGap + margin);
  const summary = description ?? title;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" font-family="${FONT}">`,
    `<title id="chart-title">${escapeXml(title)}</title>`,
    `<desc id="chart-desc">${escapeXml(summary)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
}

/**
 * The width of the label column: the longest bar label (bold when highlighted), the gap to the bar
 * and a little room on the left, so that no label runs past the panel's left edge.
 */
export function labelColumnWidth(panels) {
  const widths = panels.flatMap((p) => p.bars.map((b) => textWidth(plainText(b.label), LABEL_SIZE, Boolean(b.highlight))));
  return Math.ceil(Math.max(0, ...widths)) + LABEL_GAP + LABEL_MARGIN;
}

/** One panel: its title, then a bar per entry on the panel's own scale (its largest value). */
function panelSvg(panel, { x0, y0, width, labelWidth, barArea, barHeight, barGap, headerHeight, format }) {
  const values = panel.bars.map((b) => b.value).filter((v) => typeof v === 'number' && Number.isFinite(v) && v > 0);
  const max = values.length > 0 ? Math.max(...values) : 1;
  const heading = fitText(plainText(panel.title), width, 13, true);
  const full = heading === plainText(panel.title) ? '' : `<title>${escapeXml(panel.title)}</title>`;
  const out = [`<g class="panel">`, `<text x="${x0}" y="${y0 + 13}" font-size="13" font-weight="600" fill="${COLORS.text}">${full}${escapeXml(heading)}</text>`];
  const barX = x0 + labelWidth;
  out.push(`<line x1="${barX}" y1="${y0 + headerHeight - 3}" x2="${barX}" y2="${y0 + headerHeight + panel.bars.length * (barHeight + barGap) - barGap + 3}" stroke="${COLORS.grid}"/>`);
  panel.bars.forEach((bar, i) => {
    const y = y0 + headerHeight + i * (barHeight + barGap);
    const weight = bar.highlight ? ' font-weight="600"' : '';
    out.push(`<text x="${barX - LABEL_GAP}" y="${y + barHeight - 3}" font-size="${LABEL_SIZE}" text-anchor="end" fill="${COLORS.text}"${weight}>${escapeXml(bar.label)}</text>`);
    if (typeof bar.value !== 'number' || !Number.isFinite(bar.value)) {
      out.push(`<text x="${barX + 6}" y="${y + barHeight - 3}" font-size="12" fill="${COLORS.muted}">${escapeXml(bar.note ?? '—')}</text>`);
      return;
    }
    const length = (Math.max(bar.value, 0) / max) * barArea;
    const label = format(bar.value);
    out.push(
      `<rect class="bar" x="${barX}" y="${y}" width="${px(length)}" height="${barHeight}" fill="${bar.highlight ? COLORS.highlight : COLORS.bar}" data-value="${bar.value}"><title>${escapeXml(`${bar.label}: ${label}`)}</title></rect>`,
    );
    out.push(`<text x="${px(barX + length + 6)}" y="${y + barHeight - 3}" font-size="12" fill="${COLORS.text}"${weight}>${escapeXml(label)}</text>`);
  });
  out.push('</g>');
  return out.join('\n');
}
