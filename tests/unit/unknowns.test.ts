/**
 * Unknowns live in one marked place. No page hedges in its prose; the unknowns
 * report lists exactly the marks of the build, at most three a page, and
 * /unknowns.json publishes the marks of the sources (counted here from the
 * MDX pages, the OpenAPI document and the built HTML, not by the plugin that
 * writes it); and a state diagram draws only the transitions the
 * specification states (tests/fixtures/spec.ts, statedTransitions).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { hedgingPhrases } from '../fixtures/hedging';
import { statedTransitions } from '../fixtures/spec';
import { collectMarks, markProblems, marksOfPage, type UnknownsFile } from '../../src/plugins/unknowns';
import { builtPages, fileOfRoute } from '../../src/built/pages';
import { openapiDocument } from '../../src/openapi/document';
import { assertBuilt, BUILD_DIR } from './build-output';
import { sourcePages } from '../../src/sourcePages';

const sources = sourcePages();

/** Every mark in the raw HTML of the built pages, as "route topic", page by page in document order. */
function marksInHtml(): string[] {
  return builtPages(BUILD_DIR).flatMap(({ route, file }) =>
    // (The minifier drops the quotes of attribute values that need none.)
    [...fs.readFileSync(file, 'utf8').matchAll(/data-unknown-topic=(?:"([^"]+)"|([^\s">]+))/g)].map((m) => `${route} ${m[1] ?? m[2]}`),
  );
}

/**
 * Every mark written in the sources, as "topic text": <Unknown topic="…">text</Unknown> in the MDX pages
 * (inline code as its text) and `x-unknown: [{topic, text}]` in the OpenAPI document.
 */
function marksInSources(): string[] {
  const inMdx = sources.flatMap((page) =>
    [...page.text.matchAll(/<Unknown\s+topic="([^"]+)"\s*>([\s\S]*?)<\/Unknown>/g)].map(
      (m) => `${m[1]} ${m[2].replace(/`/g, '').replace(/\s+/g, ' ').trim()}`,
    ),
  );
  const inDocument: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-unknown' && Array.isArray(value))
          inDocument.push(...value.map((u: { topic: string; text: string }) => `${u.topic} ${u.text}`));
        else walk(value);
      }
    }
  };
  walk(openapiDocument());
  return [...inMdx, ...inDocument];
}

/** The h1–h3 headings of a built page's article, as read. */
function headingsOfRoute(route: string): string[] {
  const file = fileOfRoute(BUILD_DIR, route);
  if (!file) return [];
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  return $('article')
    .find('h1, h2, h3')
    .map((_, el) =>
      $(el)
        .text()
        .replace(/\u200b/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .get();
}

/**
 * How a published unknowns report differs from what the build and the sources hold: the marks ("route topic")
 * of the built pages, each page's in its order; the texts ("topic text") of the sources; and each mark's
 * heading among its page's headings.
 */
function publishedProblems(
  published: UnknownsFile,
  inHtml: string[],
  inSources: string[],
  headingsOf: (route: string) => string[],
): string[] {
  const problems: string[] = [];
  if (published.version !== 1) problems.push(`version ${published.version}`);
  const marks = published.unknowns.map((u) => `${u.route} ${u.topic}`);
  if ([...marks].sort().join('\n') !== [...inHtml].sort().join('\n'))
    problems.push(`the marks published differ from the built pages' (${marks.join(', ')} against ${inHtml.join(', ')})`);
  const texts = published.unknowns.map((u) => `${u.topic} ${u.text}`);
  if ([...texts].sort().join('\n') !== [...inSources].sort().join('\n')) problems.push("the texts published differ from the sources'");
  const topicsOf = (list: string[], route: string) => list.filter((m) => m.startsWith(`${route} `)).map((m) => m.slice(route.length + 1));
  for (const route of new Set(published.unknowns.map((u) => u.route))) {
    const [shown, listed] = [topicsOf(inHtml, route), topicsOf(marks, route)];
    if (shown.length === listed.length && shown.join() !== listed.join())
      problems.push(`${route}: marks ${listed.join(', ')} published, the page shows ${shown.join(', ')}`);
  }
  for (const u of published.unknowns)
    if (!headingsOf(u.route).includes(u.heading)) problems.push(`${u.route} ${u.topic}: "${u.heading}" is no heading of ${u.route}`);
  return problems;
}

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

test('the unknowns report lists exactly the marks in the build and the sources, at most three a page', () => {
  assertBuilt();
  const marks = collectMarks(BUILD_DIR);
  assert.deepEqual(marks.map((g) => `${g.route} ${g.topic}`).sort(), marksInHtml().sort());
  assert.equal(marks.length, marksInSources().length, 'every mark of the sources reaches exactly one built page');
  assert.deepEqual(markProblems(marks), []);
  for (const mark of marks) assert.ok(mark.text.length > 10 && mark.heading, `${mark.route} ${mark.topic} has a heading and a text`);
  const sections = new Map<string, number>();
  for (const g of marks) sections.set(g.route.split('/')[1], (sections.get(g.route.split('/')[1]) ?? 0) + 1);
  console.log(`# unknowns marked: ${marks.length} (${[...sections].map(([s, n]) => `/${s} ${n}`).join(', ')})`);
});

test('/unknowns.json publishes each mark of the sources once, on its page, under a heading of that page', () => {
  assertBuilt();
  const published = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8')) as UnknownsFile;
  assert.deepEqual(publishedProblems(published, marksInHtml(), marksInSources(), headingsOfRoute), []);
});

test('a published mark that is missing, moved, reworded, out of page order or under no heading is named (test of the test)', () => {
  const mark = (route: string, topic: string, text: string, heading = 'H') => ({ route, heading, topic, text });
  const html = ['/a x', '/a y', '/b z'];
  const sources = ['x X is missing.', 'y Y is missing.', 'z Z is missing.'];
  const headings = () => ['H'];
  const good = [mark('/a', 'x', 'X is missing.'), mark('/a', 'y', 'Y is missing.'), mark('/b', 'z', 'Z is missing.')];
  const check = (unknowns: UnknownsFile['unknowns']) => publishedProblems({ version: 1, unknowns }, html, sources, headings);
  assert.deepEqual(check(good), []);
  assert.deepEqual(check(good.slice(0, 2)), [
    "the marks published differ from the built pages' (/a x, /a y against /a x, /a y, /b z)",
    "the texts published differ from the sources'",
  ]);
  assert.deepEqual(check([good[0], good[1], mark('/a', 'z', 'Z is missing.')]), [
    "the marks published differ from the built pages' (/a x, /a y, /a z against /a x, /a y, /b z)",
  ]);
  assert.deepEqual(check([good[0], good[1], mark('/b', 'z', 'Z is unknown.')]), ["the texts published differ from the sources'"]);
  assert.deepEqual(check([good[1], good[0], good[2]]), ['/a: marks y, x published, the page shows x, y']);
  assert.deepEqual(check([good[0], good[1], mark('/b', 'z', 'Z is missing.', 'Elsewhere')]), ['/b z: "Elsewhere" is no heading of /b']);
});

test('a page with four marks, or one topic twice, is refused (test of the test)', () => {
  const mark = (t: string) => `<aside data-unknown-topic="${t}"><p>Not documented yet: what ${t} is. Ask a@b.example.</p></aside>`;
  const heading = '<h2 id="x">X<a href="#x" class="hash-link" aria-label="Direct link to X">#</a></h2>';
  const marks = marksOfPage(`<article><h1>T</h1>${heading}${['a', 'b', 'c', 'd', 'a'].map(mark).join('')}</article>`, '/p');
  assert.equal(marks[0].heading, 'X', "the heading's text, without its anchor link");
  assert.equal(marks[0].text, 'what a is.');
  assert.deepEqual(markProblems(marks), ['/p has 5 marks (at most 3)', '/p marks "a" twice']);
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
  for (const page of sources) {
    for (const m of page.text.matchAll(/```mermaid\n([\s\S]*?)```/g)) {
      diagrams += 1;
      const drawn = edges(m[1]);
      const where = page.file;
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
