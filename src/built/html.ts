/**
 * Reading the article of a built page (build/**.html) as a reader sees it, for
 * the plugins that take text out of the build after it: the Markdown twins
 * (src/markdown/htmlToMarkdown.ts), the search index (src/plugins/search.ts)
 * and the unknowns report (src/plugins/unknowns.ts). What of an article is the page's
 * chrome, and where two elements meet with a gap the reader sees but no text.
 */
import type { AnyNode, Element } from 'cheerio';

/**
 * The page's chrome inside its article, not its content: navigation, breadcrumbs, the mobile table of
 * contents, buttons, heading anchors (`#`), the docs footer and version badge, the page's actions ("Copy
 * page"), and what renders no text (scripts, styles, icons, templates). A CSS selector list.
 */
export const PAGE_CHROME = [
  'nav',
  'button',
  'script',
  'style',
  'noscript',
  'svg',
  'template',
  '.hash-link',
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  '.theme-doc-footer',
  '.theme-doc-version-badge',
  '.pagination-nav',
  '[data-page-actions]',
].join(', ');

const isElement = (node: AnyNode | null | undefined): node is Element =>
  node?.type === 'tag' || node?.type === 'script' || node?.type === 'style';

/**
 * Whether two neighbouring nodes are elements with no text between them: CSS sets them apart, so text
 * taken out of the page puts a space there (a field table's `<code>address</code><span>required</span>`
 * reads "address required", not "addressrequired"). React's empty comments (`<!-- -->`) are neither
 * text nor elements: pass the nodes around them.
 */
export function elementsMeet(previous: AnyNode | null | undefined, next: AnyNode): previous is Element {
  return isElement(previous) && isElement(next);
}
