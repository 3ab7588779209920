/**
 * Issue 10: unknowns live in one marked place. No page hedges in its prose; the
 * gap report lists exactly the marks of the build (also published as
 * /unknowns.json), at most three a page; and a
 * state diagram draws only the transitions the specification states.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { hedgingPhrases } from '../fixtures/hedging';
import { statedTransitions } from '../fixtures/spec';
import { collectGaps, gapProblems, gapsOfPage } from '../../src/plugins/gaps';
import { builtPages, filesUnder } from '../../src/built/pages';
import { openapiDocument } from '../../src/openapi/document';
import { assertBuilt, BUILD_DIR } from './build-output';

const ROOT = path.resolve(__dirname, '../..');
const sources = ['docs', 'help-center', 'reference'].flatMap((dir) => filesUnder(path.join(ROOT, dir), (name) => /\.mdx?$/.test(name)));

test('no built page hedges in its article text outside the unknown-note element', () => {
  assertBuilt();
  const found: string[] = [];
  for (const { route, file } of builtPages(BUILD_DIR)) {
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    const article = $('article').first();
    article.find('[data-unknown-topic]').remove();
    const text = article.text().replace(/\s+/g, ' ').toLowerCase();
    for (const phrase of hedgingPhrases) {
      const at = text.indexOf(phrase);
      if (at >= 0) found.push(`${route}: "…${text.slice(Math.max(0, at - 60), at + 40)}…"`);
    }
  }
  assert.deepEqual(found, []);
});

test('the hedging check sees a phrase in the article and ignores the unknown note (test of the test)', () => {
  const page = (inner: string) => `<article><h1>T</h1>${inner}</article>`;
  const $ = cheerio.load(page('<p>The fee is not stated.</p><aside data-unknown-topic="fee">Not stated.</aside>'));
  $('article [data-unknown-topic]').remove();
  assert.ok($('article').text().includes('not stated'));
  const $$ = cheerio.load(page('<aside data-unknown-topic="fee">The fee is not stated.</aside>'));
  $$('article [data-unknown-topic]').remove();
  assert.ok(!$$('article').text().includes('not stated'));
});

test('the gap report lists exactly the marks in the build and the sources, at most three a page', () => {
  assertBuilt();
  const gaps = collectGaps(BUILD_DIR);
  // Counted independently: the attribute in the raw HTML of each page…
  const inHtml = builtPages(BUILD_DIR).flatMap(({ route, file }) =>
    // (The minifier drops the quotes of attribute values that need none.)
    [...fs.readFileSync(file, 'utf8').matchAll(/data-unknown-topic=(?:"([^"]+)"|([^\s">]+))/g)].map((m) => `${route} ${m[1] ?? m[2]}`),
  );
  assert.deepEqual(gaps.map((g) => `${g.route} ${g.topic}`).sort(), inHtml.sort());
  // …and the marks written in the MDX sources and the OpenAPI document.
  const inMdx = sources.reduce((n, f) => n + [...fs.readFileSync(f, 'utf8').matchAll(/<Unknown\s+topic=/g)].length, 0);
  const doc = openapiDocument();
  let inDocument = 0;
  const count = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(count);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-unknown' && Array.isArray(value)) inDocument += value.length;
        else count(value);
      }
    }
  };
  count(doc);
  assert.equal(gaps.length, inMdx + inDocument, 'every mark of the sources reaches exactly one built page');
  assert.deepEqual(gapProblems(gaps), []);
  // Published with the build for assistants (the MCP server's list_unknowns): the same marks, in the same order.
  const published = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as { version: number; unknowns: unknown[] };
  assert.deepEqual(published, { version: 1, unknowns: gaps });
  for (const gap of gaps) assert.ok(gap.text.length > 10 && gap.heading, `${gap.route} ${gap.topic} has a heading and a text`);
  const sections = new Map<string, number>();
  for (const g of gaps) sections.set(g.route.split('/')[1], (sections.get(g.route.split('/')[1]) ?? 0) + 1);
  console.log(`# unknowns marked: ${gaps.length} (${[...sections].map(([s, n]) => `/${s} ${n}`).join(', ')})`);
});

test('a page with four marks, or one topic twice, is refused (test of the test)', () => {
  const mark = (t: string) => `<aside data-unknown-topic="${t}"><p>Not documented yet: what ${t} is. Ask a@b.example.</p></aside>`;
  const gaps = gapsOfPage(`<article><h1>T</h1><h2 id="x">X</h2>${['a', 'b', 'c', 'd', 'a'].map(mark).join('')}</article>`, '/p');
  assert.equal(gaps[0].heading, 'X');
  assert.equal(gaps[0].text, 'what a is.');
  assert.deepEqual(gapProblems(gaps), ['/p has 5 marks (at most 3)', '/p marks "a" twice']);
});

/** The edges of a Mermaid state diagram, by state label. */
function edges(diagram: string): Array<{ from: string; to: string }> {
  const labels = new Map<string, string>();
  for (const m of diagram.matchAll(/^\s*state\s+"([^"]+)"\s+as\s+(\S+)/gm)) labels.set(m[2], m[1]);
  const label = (id: string) => labels.get(id) ?? id;
  return [...diagram.matchAll(/^\s*(\S+)\s*-->\s*([^\s:]+)/gm)].map((m) => ({ from: label(m[1]), to: label(m[2]) }));
}

test('state diagrams draw at least one edge, and only transitions the specification states', () => {
  const problems: string[] = [];
  let diagrams = 0;
  for (const file of sources) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)) {
      diagrams += 1;
      const drawn = edges(m[1]);
      const where = path.relative(ROOT, file);
      if (drawn.length === 0) problems.push(`${where}: a diagram with no edge`);
      for (const e of drawn) {
        if (!statedTransitions.some((t) => t.from === e.from && t.to === e.to))
          problems.push(`${where}: ${e.from} --> ${e.to} is not stated`);
      }
    }
  }
  assert.ok(diagrams > 0, 'the invoice and mass payout diagrams exist');
  assert.deepEqual(problems, []);
  assert.deepEqual(edges('stateDiagram-v2\n    state "A b" as a\n    a --> c: x'), [{ from: 'A b', to: 'c' }], 'aliases resolve');
});
