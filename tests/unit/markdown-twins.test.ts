/**
 * Every page as Markdown: the twins (the page's URL plus `.md`), /llms.txt and
 * /llms-full.txt of the build, checked against the built pages and the OpenAPI
 * document, never against the converter's own output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import * as cheerio from 'cheerio';
import { brand } from '../../src/brand';
import searchPlugin from '../../src/plugins/search';
import { SEARCH_INDEX_FILE } from '../../src/search/records';
import { fileOfRoute } from '../../src/built/pages';
import { assertBuilt, BUILD_DIR } from './build-output';
import { articleOf, articleText, llmsSections, metaDescription, readTwin, sitemapRoutes, wordsOf } from './markdown-read';
import { contentRoutes } from '../fixtures/routes';
import type { DocumentNode } from '../../src/openapi/document';
import { call, calls, deref, doc } from '../openapi';

const MIN_COVERAGE = 0.95;

test('every sitemap route has a Markdown twin that covers the words of its article', () => {
  assertBuilt();
  const routes = sitemapRoutes();
  assert.ok(routes.length > contentRoutes.length + calls.length, `expected the whole site in the sitemap, got ${routes.length} routes`);
  const missing: string[] = [];
  const scores: Array<{ route: string; coverage: number; lost: string[] }> = [];
  for (const route of routes) {
    const twin = readTwin(route);
    if (twin === undefined) {
      missing.push(route);
      continue;
    }
    const page = wordsOf(articleText(route));
    const twinWords = wordsOf(twin);
    const lost = [...page].filter((w) => !twinWords.has(w));
    scores.push({ route, coverage: page.size ? 1 - lost.length / page.size : 1, lost });
  }
  assert.deepEqual(missing, [], `routes without a twin: ${missing.join(', ')}`);
  const worst = scores.sort((a, b) => a.coverage - b.coverage).slice(0, 10);
  const failing = scores.filter((s) => s.coverage < MIN_COVERAGE);
  assert.deepEqual(
    failing.map((s) => s.route),
    [],
    `twins below ${MIN_COVERAGE * 100}% of their page's words; worst:\n${worst
      .map((s) => `${(s.coverage * 100).toFixed(1)}% ${s.route} lacks ${s.lost.slice(0, 12).join(' ')}`)
      .join('\n')}`,
  );
});

test('a twin starts with the page title and keeps its headings at their levels', () => {
  assertBuilt();
  const problems: string[] = [];
  const plain = (heading: string) => heading.replace(/\\(.)/g, '$1').replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
  for (const route of sitemapRoutes()) {
    const twin = readTwin(route) ?? '';
    const { $, article } = articleOf(route);
    const title = article
      .find('h1')
      .first()
      .text()
      .replace(/[\s\u200b]+/g, ' ')
      .trim();
    const first = twin.split('\n')[0];
    if (first !== `# ${title}`) problems.push(`${route}: first line ${JSON.stringify(first)}, title ${JSON.stringify(title)}`);
    const twinHeadings = new Set(
      twin
        .split('\n')
        .map((line) => /^(#{1,6}) (.+)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => `${m[1].length} ${plain(m[2])}`),
    );
    // Not sections: the path of an operation, in a heading inside its method line, and the titles of
    // a category page's cards (a list of links in the twin).
    article
      .find('h2, h3, h4')
      .not('pre *, a.card *')
      .each((_, el) => {
        const parts: string[] = [];
        $(el)
          .find('*')
          .addBack()
          .contents()
          .each((__, node) => void (node.type === 'text' && parts.push(node.data)));
        const text = parts
          .join(' ')
          .replace(/[\s\u200b]+/g, ' ')
          .trim();
        const key = `${el.tagName[1]} ${text}`;
        if (text && !twinHeadings.has(key)) problems.push(`${route}: no heading "${'#'.repeat(Number(el.tagName[1]))} ${text}"`);
      });
  }
  assert.deepEqual(problems.slice(0, 20), []);
});

test('twins hold content only: no page chrome, absolute links, fenced code with its language', () => {
  assertBuilt();
  const problems: string[] = [];
  for (const route of sitemapRoutes()) {
    const twin = readTwin(route) ?? '';
    for (const chrome of ['Direct link to', 'Copy page', 'View as Markdown', 'On this page', 'Edit this page', '<!--', '&#x']) {
      if (twin.includes(chrome)) problems.push(`${route}: contains "${chrome}"`);
    }
    for (const m of twin.matchAll(/\]\(([^)\s]+)/g)) {
      if (!m[1].startsWith(`${brand.siteUrl}/`) && !/^(https?:|mailto:)/.test(m[1])) problems.push(`${route}: relative link ${m[1]}`);
    }
    const fences = [...twin.matchAll(/^```(.*)$/gm)];
    for (let i = 0; i < fences.length; i += 2) {
      if (!/^[\w-]+$/.test(fences[i][1])) problems.push(`${route}: a code block without a language`);
    }
    for (const m of twin.matchAll(/^```json\n([\s\S]*?)\n```$/gm)) {
      try {
        JSON.parse(m[1]);
      } catch {
        problems.push(`${route}: a JSON block that does not parse: ${m[1].slice(0, 60)}`);
      }
    }
  }
  assert.deepEqual(problems.slice(0, 20), []);
});

test('the facts components come out as Markdown tables and fenced code', () => {
  assertBuilt();
  const creating = readTwin('/guides/charges/creating') ?? '';
  // <SchemaFields name="FixedPriceChargeCreateRequest" />: a table with its header and each field.
  assert.match(creating, /^\| Field \| Type \| Description \|$/m);
  assert.match(creating, /^\| `fiat_price\.amount` \| string \|/m);
  // <RequestSample id="createCharge" />: curl in bash and Go.
  assert.match(creating, /^```bash\ncurl -X POST "https:\/\/sandbox\.api\.crypto-payments\.example\/v2\.0\/charges"/m);
  assert.match(creating, /^```go\npackage main$/m);
  // A diagram that the browser draws keeps its source.
  assert.match(readTwin('/guides/invoices/statuses') ?? '', /^```mermaid\nstateDiagram-v2$/m);
});

/** The JSON examples of a media type object (`example` or each of `examples`), read with the tests' own reader. */
function examplesOf(media: DocumentNode): DocumentNode[] {
  const m = deref(media);
  if (!m) return [];
  return [...(m.example !== undefined ? [m.example] : []), ...Object.values<DocumentNode>(m.examples ?? {}).map((e) => deref(e).value)];
}

const jsonBlocks = (twin: string) =>
  [...twin.matchAll(/^```json\n([\s\S]*?)\n```$/gm)].map((m) => {
    try {
      return JSON.parse(m[1]) as DocumentNode;
    } catch {
      return undefined;
    }
  });

for (const operationId of ['createCharge', 'sendMassPayout', 'getConvertToken']) {
  test(`the twin of ${operationId} holds its method, full path, authentication, parameters, responses and examples`, () => {
    assertBuilt();
    const { method, path: opPath, op, parameters: params } = call(operationId);
    const route = `/api/${operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
    const twin = readTwin(route);
    assert.ok(twin, `no twin for ${route}`);
    assert.ok(twin.includes(`${method.toUpperCase()} ${opPath}`), `method and path ${method.toUpperCase()} ${opPath}`);
    for (const server of doc.servers as DocumentNode[]) {
      assert.ok(twin.includes(`${method.toUpperCase()} ${String(server.url)}${opPath}`), `full URL on ${String(server.url)}`);
    }
    const security = (op.security ?? doc.security) as DocumentNode[];
    const schemes = security.flatMap((requirement) => Object.keys(requirement));
    if (schemes.length === 0) assert.match(twin, /needs no authentication/);
    for (const scheme of schemes) assert.ok(twin.includes(`\`${scheme}\``), `authentication scheme ${scheme}`);

    for (const param of params) assert.ok(twin.includes(`\`${String(param.name)}\``), `parameter ${String(param.name)}`);
    const body = op.requestBody === undefined ? undefined : deref(op.requestBody);
    const bodySchema = body?.content?.['application/json']?.schema ? deref(body.content['application/json'].schema) : undefined;
    if (bodySchema?.properties) {
      for (const field of Object.keys(bodySchema.properties)) assert.ok(twin.includes(`\`${field}\``), `body field ${field}`);
    }

    const responses = op.responses as Record<string, DocumentNode>;
    const blocks = jsonBlocks(twin);
    for (const [status, raw] of Object.entries(responses)) {
      const response = deref(raw);
      assert.match(twin, new RegExp(`^### ${status}$`, 'm'), `response ${status}`);
      const description = String(response.description).replace(/\s+/g, ' ').trim();
      assert.ok(twin.replace(/\s+/g, ' ').includes(description), `description of ${status}: ${description}`);
      for (const example of response.content ? examplesOf(response.content['application/json']) : []) {
        assert.ok(
          blocks.some((b) => JSON.stringify(b) === JSON.stringify(example)),
          `${status} example ${JSON.stringify(example).slice(0, 80)}`,
        );
      }
    }
    if (body?.content) {
      for (const example of examplesOf(body.content['application/json'])) {
        assert.ok(
          blocks.some((b) => JSON.stringify(b) === JSON.stringify(example)),
          `request example ${JSON.stringify(example).slice(0, 80)}`,
        );
      }
    }
    assert.match(twin, /^```bash\ncurl -X /m, 'a curl request sample');
  });
}

test('llms.txt lists every sitemap route once, under Guides, API Reference and Help Center, with its description', () => {
  assertBuilt();
  const text = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  assert.match(text, new RegExp(`^# ${brand.name}\n\n> \\S.+\n`));
  const sections = llmsSections(text);
  assert.deepEqual(
    sections.map((s) => s.title),
    ['Guides', 'API Reference', 'Help Center'],
  );
  const prefixes: Record<string, string> = { Guides: '/guides', 'API Reference': '/api', 'Help Center': '/help-center' };
  const seen = new Map<string, number>();
  const problems: string[] = [];
  for (const section of sections) {
    for (const link of section.links) {
      if (!link.url.startsWith(`${brand.siteUrl}/`) || !link.url.endsWith('.md')) {
        problems.push(`not a twin URL: ${link.url}`);
        continue;
      }
      const route = link.url.slice(brand.siteUrl.length, -'.md'.length);
      seen.set(route, (seen.get(route) ?? 0) + 1);
      if (!route.startsWith(prefixes[section.title])) problems.push(`${route} under ${section.title}`);
      if (!fs.existsSync(path.join(BUILD_DIR, `${route}.md`))) problems.push(`${link.url} has no file`);
      const description = metaDescription(route);
      if (description && link.description !== description) problems.push(`${route}: description ${JSON.stringify(link.description)}`);
    }
  }
  for (const route of sitemapRoutes()) if (seen.get(route) !== 1) problems.push(`${route} listed ${seen.get(route) ?? 0} times`);
  for (const route of seen.keys()) if (!sitemapRoutes().includes(route)) problems.push(`${route} is not in the sitemap`);
  assert.deepEqual(problems.slice(0, 20), []);
});

test('llms.txt follows the sidebars', () => {
  assertBuilt();
  const sections = llmsSections(fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8'));
  // The sidebar as the built pages show it: the menu links of one page of each section, in document order.
  for (const [title, sample] of [
    ['Guides', '/guides/first-steps/welcome'],
    ['API Reference', '/api'],
    ['Help Center', '/help-center/registration'],
  ]) {
    const $ = cheerio.load(fs.readFileSync(fileOfRoute(BUILD_DIR, sample) as string, 'utf8'));
    const menu = [
      ...new Set(
        $('.theme-doc-sidebar-menu a.menu__link[href]')
          .map((_, a) => $(a).attr('href'))
          .get()
          .filter((href) => href.startsWith('/')),
      ),
    ];
    const listed = (sections.find((s) => s.title === title)?.links ?? []).map((l) => l.url.slice(brand.siteUrl.length, -'.md'.length));
    assert.deepEqual(
      listed.filter((route) => menu.includes(route)),
      menu,
      `${title} in sidebar order`,
    );
  }
});

test('llms-full.txt holds every twin, in the order of llms.txt', () => {
  assertBuilt();
  const full = fs.readFileSync(path.join(BUILD_DIR, 'llms-full.txt'), 'utf8');
  const links = llmsSections(fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8')).flatMap((s) => s.links);
  assert.equal(links.length, sitemapRoutes().length);
  let from = 0;
  const problems: string[] = [];
  for (const link of links) {
    const twin = (readTwin(link.url.slice(brand.siteUrl.length, -'.md'.length)) ?? '').trim();
    const at = full.indexOf(twin, from);
    if (!twin || at < 0) problems.push(`${link.url} missing or out of order`);
    else from = at + twin.length;
  }
  assert.deepEqual(problems.slice(0, 20), []);
});

/** The URLs of an index's records that point at a Markdown twin (`/page.md`, `/page.md#anchor`). */
const twinUrls = (records: Array<{ u: string }>) => records.filter((r) => /\.md(#|$)/.test(r.u)).map((r) => r.u);

test('search indexes the pages, not their twins', async () => {
  assertBuilt();
  const index = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, SEARCH_INDEX_FILE), 'utf8')) as { records: Array<{ u: string }> };
  assert.ok(index.records.length > 1000);
  assert.deepEqual(twinUrls(index.records), []);
  // The search plugin over a build folder whose twin would give records if it were read as a page: a built
  // page, and beside it a `.md` file holding the same HTML.
  const route = '/guides/charges/creating';
  const html = fs.readFileSync(fileOfRoute(BUILD_DIR, route) as string, 'utf8');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-search-'));
  try {
    fs.mkdirSync(path.join(outDir, 'guides/charges'), { recursive: true });
    fs.writeFileSync(path.join(outDir, `${route}.html`), html);
    fs.writeFileSync(path.join(outDir, `${route}.md`), html);
    type PostBuildProps = Parameters<NonNullable<ReturnType<typeof searchPlugin>['postBuild']>>[0];
    await searchPlugin({} as LoadContext, { mode: 'local' }).postBuild?.({ outDir } as PostBuildProps);
    const crafted = JSON.parse(fs.readFileSync(path.join(outDir, SEARCH_INDEX_FILE), 'utf8')) as { records: Array<{ u: string }> };
    assert.ok(
      crafted.records.some((r) => r.u === route),
      'the page is indexed',
    );
    assert.deepEqual(twinUrls(crafted.records), []);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});

test('the twin check finds a twin URL in an index (test of the test)', () => {
  assert.deepEqual(twinUrls([{ u: '/guides/a' }, { u: '/guides/a.md' }, { u: '/guides/b.md#x' }, { u: '/guides/c.mdx' }]), [
    '/guides/a.md',
    '/guides/b.md#x',
  ]);
});
