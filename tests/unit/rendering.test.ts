/**
 * Rendering defects that a reader of the built site would see, each read from the build (every HTML
 * page through src/built, the Markdown twins, llms.txt, /unknowns.json), with a test of the test:
 * - no field table is empty;
 * - no constraint text runs on after a full stop ("Number of items to skip. at least 0");
 * - no page has two headings (h2, h3) of one text;
 * - no unknown's mark has a URL as its heading;
 * - no twin labels with a sentence (".:**");
 * - no description (cards, `og:description`, llms.txt) eats the underscores of a name (`fixedprice`);
 * - no page shows a body the theme makes up from a schema ("Example (auto)"; src/theme/ResponseExamples);
 * - no nullable enum is typed `object`, no generator label ("circular(", "UNTAGGED") shows, and an object
 *   page shows its schema's example from the document or none;
 * - no description cell of a field table is empty: the document's words or the no-description mark;
 * - no sentence is said twice within a section of a guide or a help page.
 * And, from the document alone: an error's nested errors are listed once; a map says what its keys and values are.
 * The detectors, each a function of one page, are in rendering-defects.ts.
 *
 * Run: node --import tsx --test tests/unit/rendering.test.ts (after `npm run build`)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { builtPages, filesUnder } from '../../src/built/pages';
import { schemaFields } from '../../src/openapi/documentFacts';
import { openapiDocument } from '../../src/openapi/document';
import { excerptOf } from '../../src/markdown/excerpt';
import { rulesSentence } from '../../src/text';
import type { UnknownsFile } from '../../src/plugins/unknowns';
import { assertBuilt, BUILD_DIR } from './build-output';
import { deref, doc } from '../openapi';
import {
  autoExampleTabs,
  descriptionCells,
  emptyTables,
  nullableEnumProperties,
  objectTyped,
  repeatedHeadings,
  repeatedSentences,
  runOns,
  unqualifiedSandbox,
  spacedText,
} from './rendering-defects';
import type { DocumentNode } from '../../src/openapi/document';

/** The site's OpenAPI document (openapi/v2.0.yaml), which every fact here is read from. */
const siteDoc = openapiDocument();

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
      const rows = schemaFields(name, undefined, siteDoc);
      assert.equal(rows[0]?.name, '<key>', name);
      assert.match(rows[0].description ?? '', /^Each key: .+ Each value: .+/, name);
      assert.ok(rows.slice(1).every((row) => row.name.startsWith('<key>.')) && rows.length > 1, name);
    }
  });

  test('an error lists its nested errors as {message, target}, each once', () => {
    for (const name of ['Error', 'ErrorResponse']) {
      const rows = schemaFields(name, undefined, siteDoc).map((row) => row.name.replace(/^data\./, ''));
      assert.deepEqual(
        rows.filter((row) => row.startsWith('errors')),
        ['errors', 'errors[].message', 'errors[].target'],
        name,
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

  test('no unknown mark has a URL as its heading (/unknowns.json)', () => {
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

describe('the reference shows the document, not the generator', () => {
  test('a nullable enum (context, aml_level, theme) is named by its type, never `object`', () => {
    const names = nullableEnumProperties();
    for (const name of ['context', 'aml_level', 'theme']) assert.ok(names.has(name), `${name} is a nullable enum of the document`);
    const found = pages().flatMap(({ route, $ }) => objectTyped($, names).map((label) => `${route}: ${label}`));
    assert.deepEqual(found, []);
    const $ = cheerio.load(
      '<summary><span class=openapi-schema__container><strong class=openapi-schema__property>context</strong><span class=openapi-schema__name> object</span></span></summary>',
    );
    assert.deepEqual(objectTyped($, names), ['context: object'], 'test of the test');
  });

  test('no page or twin shows a generator label: "circular(…)" or "UNTAGGED"', () => {
    const label = /circular\(|\bUNTAGGED\b/i;
    const found = [
      ...pages()
        .filter(({ $ }) => label.test($('body').text()))
        .map(({ route }) => route),
      ...markdownFiles()
        .filter(({ text }) => label.test(text))
        .map(({ file }) => file),
    ];
    assert.deepEqual(found, []);
    assert.ok(label.test('circular(Error)') && label.test('UNTAGGED'), 'test of the test');
  });

  test('an object page shows the document’s example of its schema, or none: never one made of type names', () => {
    const schemas = doc.components.schemas as Record<string, DocumentNode>;
    const byRoute = new Map(Object.keys(schemas).map((name) => [`/api/schemas/${name.toLowerCase()}`, name]));
    let shown = 0;
    for (const { route, $ } of pages().filter((p) => byRoute.has(p.route))) {
      const documented = schemas[byRoute.get(route) as string].examples?.[0];
      const json = $('article pre')
        .map((_, pre) => $(pre).text())
        .get()
        .filter((text) => text.trim().startsWith('{') || text.trim().startsWith('['));
      if (documented === undefined) assert.deepEqual(json, [], `${route} shows an example its schema does not have`);
      else {
        assert.deepEqual(
          json.map((text) => JSON.parse(text)),
          [documented],
          route,
        );
        shown++;
      }
      const twin = fs.readFileSync(path.join(BUILD_DIR, `${route}.md`), 'utf8');
      const blocks = [...twin.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]));
      assert.deepEqual(blocks, documented === undefined ? [] : [documented], `${route}.md`);
    }
    assert.ok(shown >= 10, `${shown} object pages show their schema's example`);
  });
});

describe('field tables say something in every row', () => {
  test('no description cell is empty: the document’s words, or the visible no-description mark', () => {
    const cells = pages().map(({ route, $ }) => ({ route, cells: descriptionCells($) }));
    assert.deepEqual(
      cells.filter((p) => p.cells.includes('empty')).map((p) => p.route),
      [],
    );
    const all = cells.flatMap((p) => p.cells);
    assert.ok(all.filter((c) => c === 'text').length > all.filter((c) => c === 'marked').length, 'most rows are described');
    const $ = cheerio.load('<table data-schema=X><tbody><tr><th>a</th><td>string</td><td></td></tr></tbody></table>');
    assert.deepEqual(descriptionCells($), ['empty'], 'test of the test');
  });

  test('an array field without words of its own says what each item is, from its items’ schema', () => {
    const row = schemaFields('Charge', undefined, siteDoc).find((r) => r.name === 'payments');
    const items = deref(doc.components.schemas.Charge.properties.payments.items);
    assert.equal(row?.description, `Each item: ${items.description.trim().replace(/^A /, 'a ')}`);
  });
});

describe('prose', () => {
  test('no sentence is said twice within a section of a guide or a help page', () => {
    const found = pages()
      .filter(({ route }) => !route.startsWith('/api'))
      .flatMap(({ route, $ }) => repeatedSentences($).map((s) => `${route}: ${s}`));
    assert.deepEqual(found, []);
  });

  test('a repeated sentence is found (test of the test)', () => {
    const $ = cheerio.load(
      '<article><h2>A</h2><p>Needs no authentication at all here. Read on.</p><p>Needs no authentication at all here.</p><h2>B</h2><p>Needs no authentication at all here.</p></article>',
    );
    assert.deepEqual(repeatedSentences($), ['Needs no authentication at all here.']);
  });

  test('a section that speaks of the local sandbox calls it the local sandbox every time, not "the sandbox"', () => {
    const found = markdownFiles().flatMap(({ file, text }) => unqualifiedSandbox(text).map((at) => `${file}: ${at}`));
    assert.deepEqual(found, []);
  });

  test('a bare "sandbox" beside the local sandbox is found, code and other sections aside (test of the test)', () => {
    const markdown = [
      '## Sandbox and production',
      'Build and test against the sandbox.',
      '## Try calls',
      'Start the local sandbox with `npm run local-sandbox`:',
      '```bash\nnpm run local-sandbox\n```',
      'The sandbox keeps nothing.',
    ].join('\n');
    const found = unqualifiedSandbox(markdown);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0], /The sandbox keeps/);
  });
});
