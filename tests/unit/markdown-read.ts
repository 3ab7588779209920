/**
 * Reads pages and their Markdown twins out of the build for the twin tests, on
 * their own terms: the article text as a reader sees it and the words of both.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { AnyNode } from 'cheerio';
import { fileOfRoute } from '../../src/built/pages';
import { BUILD_DIR } from './build-output';

/** Every route of build/sitemap.xml, as paths. */
export function sitemapRoutes(): string[] {
  const xml = fs.readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** The file of a route's twin: the page's path plus `.md`. */
function twinFile(route: string): string {
  return path.join(BUILD_DIR, `${route}.md`);
}

export function readTwin(route: string): string | undefined {
  const file = twinFile(route);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** The page's article (every tab panel and collapsed part included), without its navigation and buttons. */
export function articleOf(route: string): { $: cheerio.CheerioAPI; article: cheerio.Cheerio<AnyNode> } {
  const file = fileOfRoute(BUILD_DIR, route);
  if (!file) throw new Error(`no page for ${route}`);
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  const article = $('article').first();
  article.find('nav, button, script, style, svg, .hash-link, .theme-doc-toc-mobile, .theme-doc-footer, [data-page-actions]').remove();
  return { $, article };
}

/** The text of every text node of the article, spaced (CSS sets many of them apart). */
export function articleText(route: string): string {
  const { article } = articleOf(route);
  const parts: string[] = [];
  article
    .find('*')
    .addBack()
    .contents()
    .each((_, node) => {
      if (node.type === 'text') parts.push(node.data);
    });
  return parts.join(' ');
}

/** Lowercase words: runs of letters and digits. */
export function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** The page's description meta tag, whitespace collapsed. */
export function metaDescription(route: string): string {
  const file = fileOfRoute(BUILD_DIR, route);
  if (!file) throw new Error(`no page for ${route}`);
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  return ($('meta[name="description"]').attr('content') ?? '').replace(/\s+/g, ' ').trim();
}

/** The links of an llms.txt, by section. */
export function llmsSections(text: string): Array<{ title: string; links: Array<{ title: string; url: string; description: string }> }> {
  const sections: Array<{ title: string; links: Array<{ title: string; url: string; description: string }> }> = [];
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) sections.push({ title: heading[1], links: [] });
    const link = /^- \[((?:\\.|[^\]])+)\]\(([^)]+)\)(?:: (.*))?$/.exec(line);
    if (link && sections.length) sections[sections.length - 1].links.push({ title: link[1], url: link[2], description: link[3] ?? '' });
  }
  return sections;
}
