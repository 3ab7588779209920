/**
 * A page's description (its card, `og:description`, llms.txt) when its front matter gives none.
 * Docusaurus 3.10 takes the first paragraph (createExcerpt of @docusaurus/utils) and strips emphasis
 * before inline code, so `fixed_price` or `no_price` in a code span loses its underscores as if they
 * were emphasis ("fixedprice"). Here the code spans' `_` and `*` are kept out of its way, and the
 * excerpt is otherwise Docusaurus's own. Used by `markdown.parseFrontMatter` in docusaurus.config.ts.
 */
import { createExcerpt } from '@docusaurus/utils';
import type { ParseFrontMatter } from '@docusaurus/types';

/** Private-use stand-ins for the emphasis characters inside code spans. */
const STAND_INS: Readonly<Record<string, string>> = { _: '\uE000', '*': '\uE001' };

/** The excerpt of Markdown `content` with the text of its code spans as written. */
export function excerptOf(content: string): string | undefined {
  const guarded = content.replace(/`[^`\n]+`/g, (span) => span.replace(/[_*]/g, (c) => STAND_INS[c]));
  return createExcerpt(guarded)
    ?.replace(/\uE000/g, '_')
    .replace(/\uE001/g, '*');
}

/** The default front matter, with the description of a page that gives none when Docusaurus's excerpt would mangle it. */
export const parseFrontMatter: ParseFrontMatter = async (params) => {
  const result = await params.defaultParseFrontMatter(params);
  if (result.frontMatter.description !== undefined) return result;
  const excerpt = excerptOf(result.content);
  if (excerpt === undefined || excerpt === createExcerpt(result.content)) return result;
  return { ...result, frontMatter: { ...result.frontMatter, description: excerpt } };
};
