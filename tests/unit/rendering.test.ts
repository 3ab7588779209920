/**
 * Rendering defects that a reader of the built site would see, each read from the build (every HTML
 * page through src/built, the Markdown twins, llms.txt, /unknowns.json), with a test of the test:
 * - no field table is empty;
 * - no constraint text runs on after a full stop ("Number of items to skip. at least 0");
 * - no page has two headings (h2, h3) of one text;
 * - no gap mark's heading is a URL;
 * - no twin labels with a sentence (".:**");
 * - no description (cards, `og:description`, llms.txt) eats the underscores of a name (`fixedprice`);
 * - no page shows a body the theme makes up from a schema ("Example (auto)"; src/theme/ResponseExamples).
 * And, from the document alone: a recursive schema is expanded once; a map says what its keys and values are.
 *
 * Run: node --import tsx --test tests/unit/rendering.test.ts (after `npm run build`)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { builtPages, filesUnder } from '../../src/built/pages';
import { schemaFields } from '../../src/openapi/facts';
import { excerptOf } from '../../src/markdown/excerpt';
import { rulesSentence } from '../../src/text';
import type { UnknownsFile } from '../../src/plugins/gaps';
import { assertBuilt, BUILD_DIR } from './build-output';
import { doc } from '../openapi';
import type { DocumentNode } from '../../src/openapi/document';

type Page = { route: string; $: cheerio.CheerioAPI };

let pagesRead: Page[] | undefined;
/** Every built page (the not-found page aside), parsed once. */
function pages(): Page[] {
  assertBuilt();
  pagesRead ??= builtPages(BUILD_DIR, { notFound: false }).map(({ route, file }) => ({
    route,
    $: cheerio.load(fs.readFileSync(file, 'utf8')),
  }));
  return pagesRead;
}

/** Every Markdown twin and llms text of the build, by its path in the build. */
function markdownFiles(): Array<{ file: string; text: string }> {
  assertBuilt();
  return filesUnder(BUILD_DIR, (name) => name.endsWith('.md') || name.endsWith('.txt'))
    .filter((file) => !file.endsWith('robots.txt'))
    .map((file) => ({ file: path.relative(BUILD_DIR, file), text: fs.readFileSync(file, 'utf8') }));
}

/** Field tables whose body has no row. */
function emptyTables($: cheerio.CheerioAPI): string[] {
  return $('article table')
    .filter((_, table) => $(table).find('tbody tr').length === 0)
    .map((_, table) => $(table).find('caption').text().trim() || 'a table')
    .get();
}

/**
 * Constraint text after a full stop that does not start a sentence of its own: `skip. at least 0`,
 * `100. 1 to 100`, `again.at least 8 characters`, `· default`.
 */
const RUN_ON = /\.[ \u00a0]*(?:at (?:least|most) \d|default `|pattern `|· )|\.[ \u00a0]+\d+ to \d+\b/;
function runOns(text: string): string[] {
  return [...text.matchAll(new RegExp(RUN_ON, 'g'))].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 30));
}

/** The article's text nodes joined by spaces, as a reader of the page sees them set apart. */
function spacedText($: cheerio.CheerioAPI): string {
  const parts: string[] = [];
  $('article')
    .find('*')
    .contents()
    .each((_, node) => {
      if (node.type === 'text') parts.push(node.data);
    });
  return parts.join(' ').replace(/[ \t]+/g, ' ');
}

/** Headings h2 and h3 that a page has more than once (an endpoint's URL in a <pre> is not a heading of the page). */
function repeatedHeadings($: cheerio.CheerioAPI): string[] {
  const texts = $('article')
    .find('h2, h3')
    .not('pre h2, pre h3')
    .map((_, h) => {
      const heading = $(h).clone();
      heading.find('.hash-link').remove();
      return heading
        .text()
        .replace(/[\s\u200b]+/g, ' ')
        .trim();
    })
    .get();
  return [...new Set(texts.filter((t, i) => texts.indexOf(t) !== i))];
}

/** Names of the document with an underscore (fields, enum values), and what emphasis leaves of them. */
function underscoredNames(node: DocumentNode, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => underscoredNames(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries<DocumentNode>(node)) {
      if (key.includes('_')) found.add(key);
      if (key === 'enum' && Array.isArray(value))
        value.filter((v) => typeof v === 'string' && v.includes('_')).forEach((v) => found.add(v));
      underscoredNames(value, found);
    }
  }
  return found;
}
const mangled = [...underscoredNames(doc)].map((name) => name.replace(/_/g, '')).filter((word) => word.length >= 5);
/** Text without its URLs and paths (a route's slug, /api/schemas/converttoken, is lowercase by design). */
const withoutPaths = (text: string) => text.replace(/\S*\/\S*/g, ' ');
const mangledWord = new RegExp(`\\b(?:${mangled.join('|')})\\b`);

/** The theme's tab of a body made up from a schema, by its label. */
const autoExampleTabs = ($: cheerio.CheerioAPI) => $('[role="tab"]').filter((_, tab) => $(tab).text().trim() === 'Example (auto)').length;

describe('examples', () => {
  test('no page shows a body made up from a schema ("Example (auto)"): only the document’s examples', () => {
    const found = pages().filter(({ $ }) => autoExampleTabs($) > 0);
    assert.deepEqual(
      found.map((p) => p.route),
      [],
    );
    // The reference shows the document's own examples still.
    const withExamples = pages().filter(
      ({ route, $ }) => route.startsWith('/api/') && $('[role="tab"]').filter((_, t) => $(t).text().trim() === 'Example').length > 0,
    );
    assert.ok(withExamples.length >= 25, `${withExamples.length} reference pages show an example tab`);
  });

  test('an "Example (auto)" tab is found (test of the test)', () => {
    const $ = cheerio.load('<ul role="tablist"><li role="tab">Schema</li><li role="tab">Example (auto)</li></ul>');
    assert.equal(autoExampleTabs($), 1);
  });
});

describe('field tables', () => {
  test('no field table is empty', () => {
    const found = pages().flatMap(({ route, $ }) => emptyTables($).map((caption) => `${route}: ${caption}`));
    assert.deepEqual(found, []);
  });

  test('an empty table is found (test of the test)', () => {
    const $ = cheerio.load(
      '<article><table><caption>Fields of X</caption><thead><tr><th>Field</th></tr></thead><tbody></tbody></table></article>',
    );
    assert.deepEqual(emptyTables($), ['Fields of X']);
  });

  test('a map says what its keys are and what each value holds, then the value’s fields', () => {
    for (const name of ['WidgetLimits', 'WidgetUnverifiedLimits']) {
      const rows = schemaFields(name);
      assert.equal(rows[0]?.name, '<key>', name);
      assert.match(rows[0].description ?? '', /^Each key: .+ Each value: .+/, name);
      assert.ok(rows.slice(1).every((row) => row.name.startsWith('<key>.')) && rows.length > 1, name);
    }
  });

  test('a recursive schema (Error in Error.errors[]) is expanded once: no sentence twice in its table', () => {
    for (const name of ['Error', 'ErrorResponse']) {
      const rows = schemaFields(name);
      const sentences = rows.map((row) => row.description).filter(Boolean);
      assert.deepEqual(
        sentences.filter((s, i) => sentences.indexOf(s) !== i),
        [],
        `${name}: ${rows.map((r) => r.name).join(', ')}`,
      );
      assert.ok(!rows.some((row) => row.name.includes('errors[]')), `${name} stops at the first repeat`);
      assert.ok(
        rows.some((row) => /(^|\.)errors$/.test(row.name) && row.type === 'array of object (Error)'),
        `${name} names the nested errors`,
      );
    }
  });
});

describe('constraint text', () => {
  test('no constraint text runs on after a full stop (pages, twins, llms-full.txt)', () => {
    const found = [
      ...pages().flatMap(({ route, $ }) => runOns(spacedText($)).map((at) => `${route}: ${at}`)),
      ...markdownFiles().flatMap(({ file, text }) => runOns(text).map((at) => `${file}: ${at}`)),
    ];
    assert.deepEqual(found, []);
  });

  test('rules read as a sentence of their own', () => {
    assert.equal(rulesSentence(['at least 0', 'default `0`']), 'At least 0; default `0`.');
    assert.equal(rulesSentence(['1 to 255 characters', 'pattern `^a$`']), 'From 1 to 255 characters; pattern `^a$`.');
    assert.equal(rulesSentence([]), '');
  });

  test('a run-on is found (test of the test)', () => {
    assert.equal(runOns('Number of items to skip. at least 0 · default `0`').length, 1);
    assert.equal(runOns('Page size, from 1 to 100. 1 to 100 · default `25`').length, 1);
    assert.equal(runOns('The password again.at least 8 characters').length, 1);
    assert.deepEqual(runOns('from 203.0.113.0 to 203.0.113.255'), []);
    assert.deepEqual(runOns('Number of items to skip. At least 0; default `0`.'), []);
  });
});

describe('headings', () => {
  test('no page has two headings (h2, h3) of one text', () => {
    const found = pages().flatMap(({ route, $ }) => repeatedHeadings($).map((text) => `${route}: ${text}`));
    assert.deepEqual(found, []);
  });

  test('a repeated heading is found (test of the test)', () => {
    const $ = cheerio.load('<article><h2>Authentication<a class="hash-link">\u200b</a></h2><h2>Authentication</h2></article>');
    assert.deepEqual(repeatedHeadings($), ['Authentication']);
  });

  test('no gap mark has a URL as its heading (/unknowns.json)', () => {
    assertBuilt();
    const file: UnknownsFile = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'unknowns.json'), 'utf8'));
    assert.ok(file.unknowns.length > 0);
    assert.deepEqual(
      file.unknowns.filter((mark) => /:\/\/|^\//.test(mark.heading)).map((mark) => `${mark.route}: ${mark.heading}`),
      [],
    );
  });

  test('no twin labels a list item with a sentence ("….:**")', () => {
    const found = markdownFiles()
      .filter(({ text }) => /[.!?]:\*\*/.test(text))
      .map(({ file }) => file);
    assert.deepEqual(found, []);
  });
});

describe('descriptions keep names as written', () => {
  test('no description, card or llms.txt line has a name with its underscores eaten (fixedprice)', () => {
    assert.ok(mangledWord.test('priced at a fixed fiat amount (fixedprice)'), 'test of the test');
    const found = [
      ...pages().flatMap(({ route, $ }) => {
        const texts = [
          $('meta[name="description"]').attr('content') ?? '',
          $('meta[property="og:description"]').attr('content') ?? '',
          $('article').text(),
        ];
        return texts
          .map(withoutPaths)
          .filter((text) => mangledWord.test(text))
          .map((text) => `${route}: ${mangledWord.exec(text)?.[0]}`);
      }),
      ...markdownFiles()
        .map(({ file, text }) => ({ file, text: withoutPaths(text) }))
        .filter(({ text }) => mangledWord.test(text))
        .map(({ file, text }) => `${file}: ${mangledWord.exec(text)?.[0]}`),
    ];
    assert.deepEqual([...new Set(found)], []);
  });

  test('the excerpt keeps code spans as written, and is Docusaurus’s otherwise', () => {
    assert.equal(
      excerptOf('Priced at (`fixed_price`) or (`no_price`), *really*.\n\nMore.'),
      'Priced at (fixed_price) or (no_price), really.',
    );
  });
});
