/**
 * The built-in search (used when hosted DocSearch is not configured):
 * - after the build, indexes every page of build/ into search-index.json, in
 *   DocSearch's record shape (hierarchy, content, anchors, facets);
 * - points the /search page's Algolia client (`algoliasearch/lite`) at the
 *   local client, which answers as the hosted service does. The modal gets the
 *   same client through the SearchBar wrapper (src/theme/SearchBar).
 * In hosted mode it does nothing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { builtPages } from '../built/pages';
import { PAGE_CHROME, elementsMeet } from '../built/html';
import { collapseWhitespace } from '../text';
import { SEARCH_INDEX_FILE, type SearchIndexFile, type SearchRecord } from '../search/records';
import { DOCS_SETS } from '../docsSets';
import type { SearchMode } from '../search/config';

const LABELS: Record<string, string> = Object.fromEntries(Object.values(DOCS_SETS).map((set) => [set.tag, set.label]));

const MAX_CONTENT = 280;
/** Text without decoration: pictographs such as the 📄️ of category cards, their joiners, control characters. */
export const clean = (text: string) =>
  collapseWhitespace(text.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '').replace(/\p{Cc}/gu, ' '));

/** The text of a node, with a space where two elements meet (`elementsMeet`). */
function textOf(node: cheerio.AnyNode): string {
  if (node.type === 'text') return node.data;
  if (!('children' in node)) return '';
  let text = '';
  let previous: cheerio.AnyNode | undefined;
  for (const child of node.children) {
    if (child.type === 'comment') continue;
    if (elementsMeet(previous, child)) text += ' ';
    text += textOf(child);
    previous = child;
  }
  return text;
}

/** The records of one built page; `route` is its path. */
export function recordsOfPage(html: string, route: string): SearchRecord[] {
  const $ = cheerio.load(html);
  const tag = $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? '';
  const language = $('meta[name="docsearch:language"]').attr('content') ?? 'en';
  const lvl0 = LABELS[tag];
  const article = $('article').first();
  if (!lvl0 || article.length === 0) return [];
  // The page's chrome, and code blocks: readers search for words, not code.
  article.find(`${PAGE_CHROME}, pre`).remove();
  const text = (selection: cheerio.Cheerio<cheerio.AnyNode>) => selection.toArray().map(textOf).join(' ');
  const title = clean(text(article.find('h1').first())) || clean($('title').text().split('|')[0]);
  const records: SearchRecord[] = [{ u: route, t: 'lvl1', h: [lvl0, title], g: tag, l: language }];
  const hierarchy: string[] = [lvl0, title];
  let anchor = '';
  const seen = new Set<string>();

  article
    .find('h2, h3, h4, h5, h6, p, li, caption, tr, summary, dd, .openapi-schema__property, .openapi__method-endpoint')
    .each((_, el) => {
      const node = $(el);
      const name = (el as { tagName?: string }).tagName ?? '';
      if (/^h[2-6]$/.test(name)) {
        const level = Number(name[1]);
        const heading = clean(text(node));
        if (!heading) return;
        hierarchy.length = level;
        hierarchy[level] = heading;
        for (let i = 2; i < level; i++) hierarchy[i] ??= '';
        anchor = node.attr('id') ?? anchor;
        records.push({ u: anchor ? `${route}#${anchor}` : route, t: `lvl${level}`, h: [...hierarchy], g: tag, l: language });
        return;
      }
      // Block containers hold other blocks: index their leaves only.
      if (name === 'li' && node.children('p, ul, ol, div, details').length > 0) return;
      if (name === 'p' && node.parents('td, th, summary').length > 0) return;
      let content = clean(
        name === 'tr'
          ? node
              .children()
              .map((__, c) => text($(c)))
              .get()
              .join(' — ')
          : text(node),
      );
      if (content.length < 2) return;
      // The API reference repeats short labels (Body, application/json, a bare field name) around every
      // schema; its identifiers (pricing_type, x-widget-token) and sentences are what readers search for.
      if (tag === 'docs-api-current' && content.length < 16 && !/[_\-\d]/.test(content)) return;
      if (content.length > MAX_CONTENT) content = `${content.slice(0, MAX_CONTENT).replace(/\s+\S*$/, '')}…`;
      const own = node.attr('id') ?? node.closest('[id]:not(article)').attr('id');
      const url = own && own !== anchor && node.closest('tr[id]').length ? `${route}#${own}` : anchor ? `${route}#${anchor}` : route;
      const key = `${url}\u0000${content}`;
      if (seen.has(key)) return;
      seen.add(key);
      records.push({ u: url, t: 'content', h: [...hierarchy], c: content, g: tag, l: language });
    });
  return records;
}

async function buildSearchIndex(outDir: string): Promise<SearchIndexFile> {
  const records: SearchRecord[] = [];
  for (const { route, file } of builtPages(outDir)) {
    records.push(...recordsOfPage(await fs.readFile(file, 'utf8'), route));
  }
  return { version: 1, records };
}

export default function searchPlugin(_context: LoadContext, options: { mode: SearchMode }): Plugin<void> {
  const local = options.mode === 'local';
  return {
    name: 'built-in-search',
    configureWebpack() {
      if (!local) return {};
      return { resolve: { alias: { 'algoliasearch/lite$': path.resolve(__dirname, '../search/liteClient.ts') } } };
    },
    async postBuild({ outDir }) {
      if (!local) return;
      const index = await buildSearchIndex(outDir);
      await fs.writeFile(path.join(outDir, SEARCH_INDEX_FILE), JSON.stringify(index));
    },
  };
}
