/**
 * The tools that find and read the docs' pages: search_docs (the site's own search), read_page (a page's
 * Markdown twin, or one section of it) and list_pages (llms.txt).
 */
import { z } from 'zod';
import { brand } from '../../src/brand';
import { DOCS_SETS } from '../../src/docsSets';
import { MAX_QUERY_LENGTH } from '../../src/search/terms';
import { marksOn } from '../marks';
import { marksOf, notDocumentedBlock, objectsWithoutCalls } from '../notDocumented';
import { apiDocument } from '../openapi';
import { SECTION_NAMES, searchDocs as searchSite, searchIndex } from '../search';
import { headingsOf, sectionFor } from '../sections';
import { docsTool, findPages, json, READ_ONLY, text } from './tool';

export const searchDocsTool = docsTool({
  name: 'search_docs',
  title: 'Search the docs',
  description:
    `Searches the ${brand.name} docs (guides, API reference, help centre) with the site's own search engine and index, ` +
    "ranked as the site's search box ranks it: a question (in everyday words too) by the words that tell pages apart. Returns " +
    'the best matches: page title, headings, section, URL (with the anchor of the section) and the sentence that answers. Use ' +
    'a few words, an identifier (fixed price charge, insufficient_balance) or a question; read any match with read_page(url).',
  input: {
    query: z
      .string()
      .max(MAX_QUERY_LENGTH, {
        error: (issue) =>
          `The query is ${String((issue.input as string).length)} characters long; search_docs takes at most ${MAX_QUERY_LENGTH}: search with a few words`,
      })
      .describe('A few words, an identifier or a question.'),
    section: z.enum(SECTION_NAMES).optional().describe('Only this part of the site: guides, api (the API reference) or help-center.'),
    limit: z.number().int().min(1).max(25).optional().describe('How many matches (default 8).'),
  },
  annotations: READ_ONLY,
  handler: async ({ query, section, limit }, { site }) => {
    if (!query.trim()) throw new Error('The query is empty: search with a few words.');
    const hits = await searchSite(site, query, section, limit ?? 8);
    return json({ query, ...(section ? { section } : {}), count: hits.length, hits });
  },
});

export const readPage = docsTool({
  name: 'read_page',
  title: 'Read a page',
  description: ({ search }) =>
    "Reads one page of the docs as Markdown (the page's Markdown twin, as the site publishes it): its text, tables, code " +
    `samples and examples. Give its path (/guides/charges/creating) or its URL${search ? ', e.g. a URL from search_docs' : ''}; with an anchor ` +
    '(/guides/charges/creating#fixed-price) it returns that section only. What is not documented yet follows it: the ' +
    "page's marks that the text returned does not show, and the objects it names that no call of the API takes or returns.",
  input: {
    page: z
      .string()
      .min(1)
      .max(2000)
      .describe('The page: a path (/guides/charges/creating) or a URL of the docs site, with an anchor (#fixed-price) for one section.'),
  },
  annotations: READ_ONLY,
  handler: async ({ page }, context) => {
    const { site } = context;
    const { route, twin, anchor } = site.pageOf(page);
    const [markdown, marks, doc] = await Promise.all([site.text(twin), marksOf(site), apiDocument(site).catch(() => undefined)]);
    if (markdown === undefined) {
      throw new Error(
        `No page at ${route} on ${site.url} (its Markdown twin ${twin} answered 404). Find pages with ${findPages(context)}.`,
      );
    }
    let shown = markdown;
    if (anchor !== undefined) {
      const index = await searchIndex(site);
      const headings = headingsOf(
        index.records.map((r) => ({ url: r.u, type: r.t, hierarchy: r.h })),
        route,
      );
      // A heading's section, or for a table row's anchor (#payout-error-1003), the section that holds the row.
      const section = sectionFor(markdown, index.records, route, anchor);
      if (section === undefined) {
        throw new Error(
          `${route} has no section #${anchor.slice(0, 100)}. ` +
            (headings.length
              ? `Its anchors: ${headings.map((h) => `#${h.anchor}`).join(', ')}. Or read the whole page without an anchor.`
              : 'It has no headings: read the whole page without an anchor.'),
        );
      }
      shown = section;
    }
    // A site without an OpenAPI document still gets its pages, without the objects' note.
    const objects = doc ? objectsWithoutCalls(doc, shown, route) : [];
    const block = notDocumentedBlock(site, marksOn(marks ?? [], [route]), shown, objects);
    return block ? text(shown, block) : text(shown);
  },
});

export const listPages = docsTool({
  name: 'list_pages',
  title: 'List the pages',
  description:
    `Lists the pages of the ${brand.name} docs as llms.txt lists them, by part of the site (Guides, API Reference, Help ` +
    'Center): path and title of each, and with a section given, its description too. Read a page with read_page(path).',
  input: {
    section: z
      .enum(SECTION_NAMES)
      .optional()
      .describe("Only this part of the site, with each page's description: guides, api (the API reference) or help-center."),
  },
  annotations: READ_ONLY,
  handler: async ({ section }, { site }) => {
    const pages = await site.pages();
    const label = section ? DOCS_SETS[section].label : undefined;
    const chosen = label ? pages.filter((p) => p.section === label) : pages;
    const sections: Record<string, Array<{ path: string; title: string; description?: string }>> = {};
    for (const p of chosen) {
      (sections[p.section] ??= []).push({
        path: p.twin.replace(/\.md$/, ''),
        title: p.title,
        ...(label && p.description ? { description: p.description } : {}),
      });
    }
    return json({ site: site.url, ...(section ? { section } : {}), count: chosen.length, sections });
  },
});
