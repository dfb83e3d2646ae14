// The benchmark charts (bench/lib/svg-chart.mjs, bench/lib/charts.mjs): well-formed SVG, bars whose
// lengths are proportional to their values, and figures that are the tables' figures.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const svgChart = () => import('../../bench/lib/svg-chart.mjs');
const svgText = () => import('../../bench/lib/svg-text.mjs');
const charts = () => import('../../bench/lib/charts.mjs');
const fullRun = () => JSON.parse(readFileSync(join(root, 'bench', 'results', 'latest-full.json'), 'utf8'));

/**
 * Throws unless `xml` is well-formed: one root element, every tag closed in order, attributes
 * quoted, only the five XML entities and numeric references, no raw `<` or `&` in text.
 */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const m of xml.matchAll(token)) {
    const [, closing, name, attributes, selfClosing, text, stray] = m;
    if (stray !== undefined) throw new Error(`malformed tag at ${m.index}: ${xml.slice(m.index, m.index + 40)}`);
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`bare & in ${JSON.stringify(text)}`);
      if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${JSON.stringify(text)}`);
      continue;
    }
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(attributes)) throw new Error(`bare & in the attributes of <${name}>`);
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  assert.deepEqual(stack, [], 'unclosed elements');
  assert.equal(roots, 1, 'one root element');
}

/** The bars of a chart: per panel, each bar's width and value. */
function bars(svg: string): Array<Array<{ width: number; value: number }>> {
  return svg.split('<g class="panel">').slice(1).map((panel) =>
    [...panel.matchAll(/<rect class="bar"[^>]*? width="([\d.]+)"[^>]*? data-value="([^"]+)"/g)].map((m) => ({ width: Number(m[1]), value: Number(m[2]) })),
  );
}

/** Per panel: its left edge (its title's x) and its bar labels (right-aligned text) with their right edge and weight. */
function labels(svg: string): Array<{ left: number; labels: Array<{ right: number; text: string; bold: boolean }> }> {
  return svg.split('<g class="panel">').slice(1).map((panel) => ({
    left: Number(/<text x="([\d.]+)"/.exec(panel)?.[1]),
    labels: [...panel.matchAll(/<text x="([\d.]+)"[^>]*? text-anchor="end"([^>]*)>([^<]*)<\/text>/g)].map((m) => ({
      right: Number(m[1]),
      bold: m[2].includes('font-weight="600"'),
      text: m[3].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
    })),
  }));
}

/** Throws when a bar label of `svg` would start left of its panel, or shows a Markdown mark. */
async function assertLabelsFit(svg: string, name: string): Promise<void> {
  const { textWidth } = await svgText();
  const panels = labels(svg);
  assert.ok(panels.length > 0 && panels.every((p) => p.labels.length > 0 && Number.isFinite(p.left)), `${name}: panels with labels`);
  for (const panel of panels) {
    for (const label of panel.labels) {
      const start = label.right - textWidth(label.text, 12, label.bold);
      assert.ok(start >= panel.left, `${name}: "${label.text}" starts at ${start.toFixed(1)}, left of its panel at ${panel.left}`);
      assert.doesNotMatch(label.text, /[`*]/, `${name}: "${label.text}" is plain text`);
    }
  }
}

describe('svg-text', () => {
  it('strips Markdown marks and measures wide characters wider than narrow ones, bold wider than regular', async () => {
    const { plainText, textWidth } = await svgText();
    assert.equal(plainText('Portico, `deferred dispatch`'), 'Portico, deferred dispatch');
    assert.equal(plainText('**Portico**'), 'Portico');
    assert.ok(textWidth('WWWW', 12) > 2 * textWidth('iiii', 12));
    assert.ok(textWidth('Portico', 12, true) > textWidth('Portico', 12));
    assert.equal(textWidth('', 12), 0);
    // At least Arial's width (which system-ui fonts exceed): 'Portico' is 3,112 thousandths of an em.
    assert.ok(textWidth('Portico', 100) >= 311.2);
  });
});

describe('barChart', () => {
  it('makes the label column as wide as the longest label, written without Markdown marks', async () => {
    const { barChart } = await svgChart();
    const long = 'Portico, `deferred dispatch` with a label longer than any the charts had';
    const svg = barChart({
      title: 't',
      columns: 2,
      width: 1400,
      format: String,
      panels: [
        { title: 'a', bars: [{ label: 'x', value: 1 }, { label: long, value: 2, highlight: true }] },
        { title: 'b', bars: [{ label: 'WWWWWWWWWWWWWWWWWWWW', value: 1 }, { label: '**y**', value: null }] },
      ],
    });
    assertWellFormed(svg);
    await assertLabelsFit(svg, 'a chart of long labels');
    assert.ok(svg.includes('>Portico, deferred dispatch with a label'), 'the label is written whole');
  });


  it('writes well-formed SVG with a title, a description and a background, escaping text', async () => {
    const { barChart } = await svgChart();
    const svg = barChart({
      title: 'Requests <per> second & more',
      subtitle: 'a "quoted" subtitle',
      panels: [{ title: "(a) GET text 'Hello'", bars: [{ label: 'A & B', value: 10 }, { label: '<C>', value: null, note: 'failed' }] }],
      format: String,
    });
    assertWellFormed(svg);
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="880" height="\d+" viewBox="0 0 880 \d+" role="img"/);
    assert.match(svg, /<title id="chart-title">Requests &lt;per&gt; second &amp; more<\/title>/);
    assert.match(svg, />A &amp; B</);
    assert.match(svg, />&lt;C&gt;</);
    assert.match(svg, />failed</);
    assert.doesNotMatch(svg, /<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/, 'no script, no external resource');
  });

  it('draws each bar proportional to its value, on the scale of its own panel', async () => {
    const { barChart } = await svgChart();
    const svg = barChart({
      title: 't',
      columns: 2,
      format: String,
      panels: [
        { title: 'big', bars: [{ label: 'x', value: 35000 }, { label: 'y', value: 7000 }, { label: 'z', value: 17500 }] },
        { title: 'small', bars: [{ label: 'x', value: 700 }, { label: 'y', value: 233 }, { label: 'z', value: 0 }] },
      ],
    });
    const [big, small] = bars(svg);
    assert.deepEqual(big.map((b) => b.value), [35000, 7000, 17500]);
    // The largest value of each panel spans the whole bar area; the others in proportion.
    assert.equal(big[0].width, small[0].width);
    for (const panel of [big, small]) {
      const scale = panel[0].width / panel[0].value;
      for (const bar of panel) assert.ok(Math.abs(bar.width - bar.value * scale) < 0.01, `${bar.value}: ${bar.width}`);
    }
    assert.equal(small[2].width, 0);
  });

  it('cuts a panel title that does not fit its column, keeping the whole title as a tooltip', async () => {
    const { barChart, fitText } = await svgChart();
    assert.equal(fitText('short', 200, 13), 'short');
    assert.match(fitText('(i) Realistic app: cookies, JSON parser, 50 routes under /api, error handler', 200, 13), /^\(i\) Realistic.*…$/);
    const title = 'x'.repeat(200);
    const svg = barChart({ title: 't', columns: 2, format: String, panels: [{ title, bars: [{ label: 'a', value: 1 }] }] });
    assert.ok(svg.includes(`<title>${title}</title>`));
    assertWellFormed(svg);
  });
});

describe('the benchmark charts', () => {
  it('draw the requests/s and latency of every framework and scenario of the tables, as the run recorded them', async () => {
    const { requestsChart, latencyChart } = await charts();
    const results = fullRun();
    const rps = requestsChart(results);
    assertWellFormed(rps);
    const panels = bars(rps);
    const scenarios = results.scenarios.filter((id: string) => results.cells[id]);
    assert.equal(panels.length, scenarios.length);
    assert.equal(panels[0][0].value, results.cells[scenarios[0]].portico.rps);
    const p99 = latencyChart(results, 'p99');
    assertWellFormed(p99);
    assert.equal(bars(p99)[0][0].value, results.cells[scenarios[0]].portico.p99);
  });

  it('summarise requests/s relative to Express 4 with the geometric mean the ratio table prints', async () => {
    const { relativeToExpress, summaryChart } = await charts();
    const results = fullRun();
    const portico = relativeToExpress(results).find((r: { id: string }) => r.id === 'portico');
    // BENCHMARKS.md's ratio table: "Geometric mean | … | Portico / Express 4".
    const table = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8');
    const row = /\| Geometric mean \| \*\*[\d.]+\*\* \| \*\*[\d.]+\*\* \| \*\*([\d.]+)\*\*/.exec(table);
    assert.ok(row, 'the ratio table of BENCHMARKS.md');
    assert.equal(portico?.ratio.toFixed(2), row[1]);
    const express = relativeToExpress(results).find((r: { id: string }) => r.id === 'express4');
    assert.equal(express?.ratio, 1);
    assertWellFormed(summaryChart(results));
  });

  it('read the HTTP/2 and cold-start figures from the tables their runs wrote when their JSON is absent', async () => {
    const { readHttp2, readColdStart, http2Chart, coldStartChart } = await charts();
    const page = [
      '<!-- http2:start -->',
      'Measured 2026-01-02 03:04 UTC, Node v20.',
      '',
      'Requests per second (higher is better):',
      '',
      '| Scenario | Portico (portico/http2) | Portico (http2.createServer(app)) | Fastify (http2: true) | node:http2 | Portico vs Fastify | Portico vs node:http2 |',
      '|---|---:|---:|---:|---:|---:|---:|',
      '| (a) GET text | 2,000 | 1,900 | 1,000 | 2,500 | 2.00× | 0.80× |',
      '',
      'Server instructions per request (callgrind, server process only; lower is better):',
      '',
      '| Scenario | Portico (portico/http2) | Portico (http2.createServer(app)) | Fastify (http2: true) | node:http2 | Portico vs Fastify | Portico vs node:http2 |',
      '|---|---:|---:|---:|---:|---:|---:|',
      '| (a) GET text | 300,000 | 310,000 | 450,000 | 250,000 | 1.50× | 0.83× |',
      '<!-- http2:end -->',
      '<!-- cold-start:start -->',
      'Measured 2026-01-02 05:06 UTC, Node v20.',
      '',
      '|  | ms to first 200 | × node:http | require() ms | × Express 4 | modules at require() | modules at first 200 | RSS MiB after first 200 | RSS − node:http |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      '| raw node:http | 131.7 | 1.00 | – |  | – | 3 | 45.2 | – |',
      '| **Portico** | 172.4 | 1.31 | 36.0 | 0.27 | 11 | 15 | 48.5 | +3.3 |',
      '<!-- cold-start:end -->',
    ].join('\n');
    const nowhere = join(root, 'test', 'bench', 'no-results-here');
    const h2 = readHttp2(nowhere, page);
    assert.deepEqual(h2.scenarios, [
      {
        title: '(a) GET text',
        values: {
          portico: { rps: 2000, instructions: 300000 },
          'portico-plain': { rps: 1900, instructions: 310000 },
          fastify: { rps: 1000, instructions: 450000 },
          'node-http2': { rps: 2500, instructions: 250000 },
        },
      },
    ]);
    assert.equal(h2.measured, '2026-01-02 03:04 UTC');
    assert.deepEqual(bars(http2Chart(h2))[0].map((b) => b.value), [300000, 310000, 450000, 250000]);
    const cold = readColdStart(nowhere, page);
    assert.deepEqual(cold.rows, [
      { label: 'raw node:http', firstResponseMs: 131.7, requireMs: null, rssMb: 45.2 },
      { label: 'Portico', firstResponseMs: 172.4, requireMs: 36, rssMb: 48.5 },
    ]);
    const svg = coldStartChart(cold);
    assertWellFormed(svg);
    assert.deepEqual(bars(svg).map((panel) => panel.map((b) => b.value)), [[131.7, 172.4], [36], [45.2, 48.5]]);
  });

  it('are the committed docs/charts/*.svg: regenerated from the committed results, they are the same bytes', async () => {
    const { requestsChart, latencyChart, summaryChart, readHttp2, http2Chart, readColdStart, coldStartChart } = await charts();
    const results = fullRun();
    const page = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8');
    const bench = join(root, 'bench');
    const expected: Record<string, string> = {
      'requests-per-second.svg': requestsChart(results),
      'latency-p50.svg': latencyChart(results, 'p50'),
      'latency-p99.svg': latencyChart(results, 'p99'),
      'summary.svg': summaryChart(results),
      'http2.svg': http2Chart(readHttp2(bench, page)),
      'cold-start.svg': coldStartChart(readColdStart(bench, page)),
    };
    for (const [name, svg] of Object.entries(expected)) {
      assert.equal(readFileSync(join(root, 'docs', 'charts', name), 'utf8'), svg, `docs/charts/${name} is stale: run node bench/report.mjs --charts`);
      await assertLabelsFit(svg, name);
    }
  });
});
