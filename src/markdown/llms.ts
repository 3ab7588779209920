/**
 * The site's files for assistants, after llmstxt.org: `/llms.txt` (the site's
 * name, a summary, then one section per docs set listing each page's Markdown
 * twin with its description) and `/llms-full.txt` (every twin, in the same
 * order). Both are written from the twins (src/plugins/markdown-twins.ts).
 */
import { collapseWhitespace } from '../text';
import { twinPath } from './paths';

export type TwinPage = {
  route: string;
  title: string;
  description: string;
  markdown: string;
};

export type Section = { title: string; pages: TwinPage[] };

type SiteFacts = {
  name: string;
  siteUrl: string;
  /** One paragraph, plain text. */
  summary: string;
  /** Further context for the reader of llms.txt (Markdown, no headings). */
  details?: string;
};

const linkText = (text: string) => collapseWhitespace(text).replace(/([\\[\]])/g, '\\$1');

export const absoluteUrl = (siteUrl: string, path: string) => `${siteUrl.replace(/\/$/, '')}${path}`;

export function renderLlmsTxt(site: SiteFacts, sections: Section[]): string {
  const lines = [`# ${site.name}`, '', `> ${collapseWhitespace(site.summary)}`, ''];
  if (site.details) lines.push(site.details.trim(), '');
  for (const section of sections) {
    if (section.pages.length === 0) continue;
    lines.push(`## ${section.title}`, '');
    for (const page of section.pages) {
      const link = `[${linkText(page.title)}](${absoluteUrl(site.siteUrl, twinPath(page.route))})`;
      lines.push(page.description ? `- ${link}: ${collapseWhitespace(page.description)}` : `- ${link}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trim()}\n`;
}

/** Every twin after the llms.txt header, separated by rules. */
export function renderLlmsFullTxt(site: SiteFacts, sections: Section[]): string {
  const head = [`# ${site.name}`, '', `> ${collapseWhitespace(site.summary)}`].join('\n');
  const twins = sections.flatMap((section) => section.pages.map((page) => page.markdown.trim()));
  return `${[head, ...twins].join('\n\n---\n\n')}\n`;
}
