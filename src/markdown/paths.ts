/**
 * Where the Markdown forms of the site and its other files for assistants live.
 * Shared by the build (src/plugins/markdown-twins.ts, src/plugins/unknowns.ts), the
 * hosting rules (deploy/rules.ts), the "Copy page" button and the MCP server
 * (mcp/), so it must stay free of Node imports.
 */

/** The index of the site for assistants (llmstxt.org). */
export const LLMS_TXT = '/llms.txt';
/** Every twin in one file, in sidebar order. */
export const LLMS_FULL_TXT = '/llms-full.txt';
/** The unknowns report as JSON (src/plugins/unknowns.ts): every fact marked as not documented yet. */
export const UNKNOWNS_JSON = '/unknowns.json';

/**
 * Whether a built page has a Markdown twin: a page with an article has one; the redirect at / and the
 * search page have none. The twins' writer (src/markdown/htmlToMarkdown.ts) and the hosting rules
 * (deploy/rules.ts, the twins' headers) both ask here. A look at the HTML text, not a parse: the hosting
 * rules ask it of every page of the build.
 */
export function hasTwin(html: string): boolean {
  return /<article[\s>]/.test(html);
}

/** A page's URL path without its trailing slash ("/" stays "/"). */
export function canonicalPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** The URL path of a page's Markdown twin: the page's path plus `.md` (`/guides/charges` -> `/guides/charges.md`). */
export function twinPath(pathname: string): string {
  const page = canonicalPath(pathname);
  return page === '/' ? '/index.md' : `${page}.md`;
}
