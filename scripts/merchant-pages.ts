/**
 * Whether the help centre's pages are merchants' pages (help-center/**\/*.mdx, read from their sources): merchant
 * pages speak to merchants, and developer material is a short part of them.
 * - Developer lines: the lines of the `## For developers` section (its heading up to the next h2) and of
 *   any `<details>` block. Merchant lines: every other non-blank line after the front matter, imports
 *   excluded. A line that is an OpenAPI component (`<SchemaFields name="Invoice" />`) counts as the lines
 *   it renders (a table's rows, a sample's lines), as a reader sees them. Goal: at most 4 of the 44 pages
 *   have more developer lines than merchant lines.
 * - A page opens with a mark when an `<Unknown …>` comes before its first step or paragraph (headings
 *   aside). Goal: no page.
 *
 * Usage: npm run merchant-pages [-- --check]   (--check exits 1 when a goal is missed)
 */
import fs from 'node:fs';
import path from 'node:path';
import { brand } from '../src/brand';
import { enumFacts, operationFacts, schemaExample, schemaFields } from '../src/openapi/documentFacts';
import { openapiDocument } from '../src/openapi/document';
import { requestSamples } from '../src/openapi/samples';
import { filesUnder } from '../src/built/pages';

/** The site's OpenAPI document (openapi/v2.0.yaml), which every fact here is read from. */
const siteDoc = openapiDocument();

/** At most this many help-centre pages may have more developer lines than merchant lines. */
export const MAX_DEVELOPER_HEAVY = 4;
/** No page may open with a mark. */
export const MAX_OPENING_MARKS = 0;

/** How many lines of the page a source line stands for. */
export type Weigh = (line: string) => number;

const lineCount = (value: unknown) => JSON.stringify(value ?? null, null, 2).split('\n').length;

/** What each OpenAPI component renders, in lines: a table's rows and header, a sample's or example's lines. */
const RENDERED: Record<string, (a: Record<string, string>) => number> = {
  SchemaFields: (a) => schemaFields(a.name, a.depth ? Number(a.depth) : undefined, siteDoc).length + 1,
  EnumValues: (a) => enumFacts(a.name, siteDoc).values.length + 1,
  Operation: (a) => {
    const n = operationFacts(a.id, undefined, siteDoc).parameters.length;
    return 2 + (n ? n + 1 : 0);
  },
  RequestSample: (a) => {
    const { curl, go } = requestSamples(operationFacts(a.id, a.example, siteDoc), brand.sandboxApiUrl);
    return curl.split('\n').length + go.split('\n').length;
  },
  ResponseExample: (a) => lineCount(operationFacts(a.id, undefined, siteDoc).responseExample),
  RequestExample: (a) => lineCount(operationFacts(a.id, a.example, siteDoc).requestExample),
  SchemaExample: (a) => lineCount(schemaExample(a.name, siteDoc)),
};

/**
 * A line counts as one, except a line that is one of the OpenAPI components (`<SchemaFields name="Invoice" />`):
 * it counts as the lines it renders, read from the document as the build reads it (src/openapi/documentFacts.ts).
 */
export const renderedLines: Weigh = (line) => {
  const component = /^<([A-Z]\w*)\b([^>]*)\/>$/.exec(line.trim());
  const rendered = component && RENDERED[component[1]];
  if (!rendered) return 1;
  const attributes = Object.fromEntries([...component[2].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return rendered(attributes);
};

export type PageLines = {
  developer: number;
  merchant: number;
  opensWithMark: boolean;
  /** Sections (h2, h3) whose first step or paragraph is a mark: headings as written. */
  sectionsOpeningWithMark: string[];
};

/** The lines of a page after its front matter and without its imports (MDX `import … from '…';`). */
function bodyLines(source: string): string[] {
  const lines = source.split(/\r?\n/);
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
    start = end === -1 ? 0 : end + 1;
  }
  return lines
    .slice(start)
    .filter((line) => !/^import\s.+from\s+['"][^'"]+['"];?\s*$/.test(line) && !/^import\s+['"][^'"]+['"];?\s*$/.test(line));
}

/** Counts a page's developer and merchant lines and says whether it opens with a mark. */
export function linesOf(source: string, weigh: Weigh = renderedLines): PageLines {
  let developer = 0;
  let merchant = 0;
  let inDevelopers = false;
  let detailsDepth = 0;
  let inFence = false;
  let firstBlock: string | undefined;
  let section: string | undefined;
  let sectionStarted = true;
  const sectionsOpeningWithMark: string[] = [];
  for (const line of bodyLines(source)) {
    const trimmed = line.trim();
    if (/^(```|~~~)/.test(trimmed)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s/.test(trimmed);
    if (!inFence && /^##\s/.test(trimmed)) inDevelopers = /^##\s+For developers\b/i.test(trimmed);
    const opensDetails = !inFence && /<details[\s>]/.test(trimmed);
    if (opensDetails) detailsDepth += 1;
    if (trimmed !== '') {
      if (firstBlock === undefined && !heading) firstBlock = trimmed;
      if (heading && /^#{2,3}\s/.test(trimmed)) {
        section = trimmed.replace(/^#+\s+/, '');
        sectionStarted = false;
      } else if (!heading && !sectionStarted) {
        sectionStarted = true;
        if (section !== undefined && /^<Unknown\b/.test(trimmed)) sectionsOpeningWithMark.push(section);
      }
      const lines = inFence ? 1 : weigh(trimmed);
      if (inDevelopers || detailsDepth > 0) developer += lines;
      else merchant += lines;
    }
    if (!inFence && /<\/details>/.test(trimmed)) detailsDepth = Math.max(0, detailsDepth - 1);
  }
  return { developer, merchant, opensWithMark: firstBlock !== undefined && /^<Unknown\b/.test(firstBlock), sectionsOpeningWithMark };
}

/** Every .mdx page under a folder, by its path relative to the folder, sorted. */
function pagesUnder(dir: string): string[] {
  return filesUnder(dir, (name) => name.endsWith('.mdx') || name.endsWith('.md')).map((file) => path.relative(dir, file));
}

export type MerchantPagesReport = {
  pages: number;
  developerHeavy: Array<{ page: string } & PageLines>;
  openingWithMark: string[];
  sectionsOpeningWithMark: string[];
};

/** The lines of every page under `dir`, and the pages past a goal. */
export function merchantPagesReport(dir: string, weigh: Weigh = renderedLines): MerchantPagesReport {
  const pages = pagesUnder(dir).map((page) => ({ page, ...linesOf(fs.readFileSync(path.join(dir, page), 'utf8'), weigh) }));
  return {
    pages: pages.length,
    developerHeavy: pages.filter((p) => p.developer > p.merchant),
    openingWithMark: pages.filter((p) => p.opensWithMark).map((p) => p.page),
    sectionsOpeningWithMark: pages.flatMap((p) => p.sectionsOpeningWithMark.map((heading) => `${p.page}: ${heading}`)),
  };
}

/** The report as printed: each figure with its goal, then the pages behind it. */
export function formatReport(report: MerchantPagesReport, folder = 'help-center'): string {
  const lines = [
    'Lines as a reader sees them: an OpenAPI component counts as the rows or lines it renders.',
    `Pages with more developer lines than merchant lines: ${report.developerHeavy.length} of ${report.pages} (goal: at most ${MAX_DEVELOPER_HEAVY} of ${report.pages})`,
    ...report.developerHeavy.map((p) => `  ${folder}/${p.page}: developer ${p.developer}, merchant ${p.merchant}`),
    `Pages that open with a mark (<Unknown>) before any step or paragraph: ${report.openingWithMark.length} of ${report.pages} (goal: ${MAX_OPENING_MARKS})`,
    ...report.openingWithMark.map((page) => `  ${folder}/${page}`),
    `Sections (h2, h3) that open with a mark before their first step or paragraph: ${report.sectionsOpeningWithMark.length} (a mark goes after what is known; not a goal of --check)`,
    ...report.sectionsOpeningWithMark.map((at) => `  ${folder}/${at}`),
  ];
  return lines.join('\n');
}

if (require.main === module) {
  const dir = path.resolve(__dirname, '..', 'help-center');
  const report = merchantPagesReport(dir);
  console.log(formatReport(report));
  const missed = report.developerHeavy.length > MAX_DEVELOPER_HEAVY || report.openingWithMark.length > MAX_OPENING_MARKS;
  if (process.argv.includes('--check') && missed) process.exit(1);
}
