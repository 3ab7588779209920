/**
 * Every page as Markdown, for assistants and the "Copy page" button:
 * - after the build, writes each page's twin next to it (`/guides/charges` ->
 *   build/guides/charges.md) from the built HTML (src/markdown/htmlToMarkdown.ts),
 *   so that what the facts components and the API reference render is in it;
 *   API operation pages also get their URLs, authentication and request
 *   samples from the OpenAPI document (src/markdown/operationTwin.ts);
 * - writes /llms.txt and /llms-full.txt (src/markdown/llms.ts): one section per
 *   docs set of the navbar, pages in sidebar order.
 * deploy/rules.ts serves them (content types, `Accept: text/markdown`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { brand } from '../brand';
import { builtPages } from '../built/pages';
import { htmlToTwin } from '../markdown/htmlToMarkdown';
import { absoluteUrl, renderLlmsFullTxt, renderLlmsTxt, type Section, type TwinPage } from '../markdown/llms';
import { addOperationFacts, operationsByRoute } from '../markdown/operationTwin';
import { openapiDocument } from '../openapi/document';
import { LLMS_FULL_TXT, LLMS_TXT, canonicalPath, twinPath } from '../markdown/paths';

type MarkdownTwinsOptions = {
  /** The OpenAPI document's URL path (`/v2.0.yaml`), named in llms.txt. */
  openApiPath?: string;
};

type SidebarItem = { type: string; id?: string; items?: SidebarItem[]; link?: { type: string; id?: string } };
type DocMeta = { id: string; permalink: string };
type DocsContent = { loadedVersions: Array<{ docs: DocMeta[]; sidebars: Record<string, SidebarItem[]> }> };
type NavbarItem = { type?: string; label?: string; sidebarId?: string; docsPluginId?: string };

/** The doc ids of a sidebar, in reading order (a category's own page before its items). */
function sidebarDocIds(items: SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if ((item.type === 'doc' || item.type === 'ref') && item.id) return [item.id];
    if (item.type === 'category')
      return [...(item.link?.type === 'doc' && item.link.id ? [item.link.id] : []), ...sidebarDocIds(item.items ?? [])];
    return [];
  });
}

/** The docs sets that the navbar names, each with its routes in sidebar order (docs outside the sidebar last). */
function sectionsOf(allDocs: Record<string, DocsContent>, navbarItems: NavbarItem[]): Array<{ title: string; routes: string[] }> {
  const sections: Array<{ title: string; routes: string[] }> = [];
  for (const item of navbarItems) {
    if (item.type !== 'docSidebar' || !item.sidebarId || !item.label) continue;
    const content = allDocs[item.docsPluginId ?? 'default'];
    const version = content?.loadedVersions[0];
    if (!version) continue;
    // A section's landing page has a trailing slash in its permalink; its route has none.
    const permalinks = new Map(version.docs.map((doc) => [doc.id, canonicalPath(doc.permalink)]));
    const ids = [...sidebarDocIds(version.sidebars[item.sidebarId] ?? []), ...version.docs.map((doc) => doc.id)];
    const routes = [...new Set(ids.map((id) => permalinks.get(id)).filter((p): p is string => Boolean(p)))];
    sections.push({ title: item.label, routes });
  }
  return sections;
}

/** The twin of one page: its title, its URL, then its article. */
function twinText(url: string, markdown: string): string {
  return markdown.replace(/^(# .*\n)/, `$1\nSource: ${url}\n`);
}

export default function markdownTwinsPlugin(context: LoadContext, options: MarkdownTwinsOptions = {}): Plugin<void> {
  let sections: Array<{ title: string; routes: string[] }> = [];
  return {
    name: 'markdown-twins',
    allContentLoaded({ allContent }) {
      const docs = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
      const navbar = (context.siteConfig.themeConfig as { navbar?: { items?: NavbarItem[] } }).navbar?.items ?? [];
      sections = sectionsOf(docs, navbar);
    },
    async postBuild({ outDir }) {
      const operations = operationsByRoute();
      const pages = new Map<string, TwinPage>();
      for (const { route, file } of builtPages(outDir, { notFound: false })) {
        const operation = operations.get(route);
        const twin = htmlToTwin({
          html: await fs.readFile(file, 'utf8'),
          route,
          siteUrl: brand.siteUrl,
          prepare: operation ? ($, article) => addOperationFacts($, article, operation) : undefined,
        });
        if (!twin) continue; // no article: the redirect at / and the search page
        const markdown = twinText(absoluteUrl(brand.siteUrl, route), twin.markdown);
        pages.set(route, { route, title: twin.title, description: twin.description, markdown });
        await fs.writeFile(path.join(outDir, twinPath(route)), markdown);
      }

      const listed = new Set<string>();
      const ordered: Section[] = sections.map((section) => ({
        title: section.title,
        pages: section.routes.flatMap((route) => {
          const page = pages.get(route);
          if (!page || listed.has(route)) return [];
          listed.add(route);
          return [page];
        }),
      }));
      const others = [...pages.values()].filter((page) => !listed.has(page.route));
      if (others.length > 0) ordered.push({ title: 'Other pages', pages: others });

      const counts = ordered.map((s) => `${s.title} (${s.pages.length} pages)`);
      const info = openapiDocument().info as { title?: string } | undefined;
      const api = `${info?.title ?? 'API'} ${brand.apiVersionLabel}`;
      const site = {
        name: brand.name,
        siteUrl: brand.siteUrl,
        summary: `${brand.tagline} The documentation of ${brand.name} and its ${api}: ${counts.join(', ').replace(/, ([^,]*)$/, ' and $1')}.`,
        details: [
          `Each page of ${brand.siteUrl} is also served as Markdown at its URL plus \`.md\`; the links below point there.`,
          `[llms-full.txt](${absoluteUrl(brand.siteUrl, LLMS_FULL_TXT)}) holds all of them in this order.`,
          options.openApiPath ? `The OpenAPI document of the API: ${absoluteUrl(brand.siteUrl, options.openApiPath)}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
      };
      await fs.writeFile(path.join(outDir, LLMS_TXT), renderLlmsTxt(site, ordered));
      await fs.writeFile(path.join(outDir, LLMS_FULL_TXT), renderLlmsFullTxt(site, ordered));
    },
  };
}
