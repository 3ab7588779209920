/**
 * The unknowns report: every fact marked as not documented yet, with the site's one
 * component for unknowns (<Unknown> in the pages, `x-unknown` in the OpenAPI
 * document). After each build this plugin collects the marks from the built
 * pages, prints the total, and fails the build when a page holds more than
 * MAX_MARKS_PER_PAGE of them. `npm run unknowns` prints the whole list. The marks
 * are also published with the build as /unknowns.json (UnknownsFile), beside
 * llms.txt, for assistants (the MCP server's list_unknowns).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { builtPages } from '../built/pages';
import { PAGE_CHROME } from '../built/html';
import { collapseWhitespace } from '../text';
import { UNKNOWNS_JSON } from '../markdown/paths';

const MAX_MARKS_PER_PAGE = 3;

type UnknownMark = { route: string; heading: string; topic: string; text: string };

/** /unknowns.json: each mark with its page's route, the heading it stands under, its topic and what is missing. */
export type UnknownsFile = { version: 1; unknowns: UnknownMark[] };

/** The marks of one built page, each under the nearest heading before it. */
export function marksOfPage(html: string, route: string): UnknownMark[] {
  const $ = cheerio.load(html);
  const marks: UnknownMark[] = [];
  let heading = '';
  const article = $('article');
  article.find(PAGE_CHROME).remove();
  // A heading inside a code block is not a section: the reference shows an operation's endpoint URL
  // as an h2 in its <pre> (docusaurus-theme-openapi-docs), and a mark is never filed under a URL.
  article
    .find('h1, h2, h3, [data-unknown-topic]')
    .not('pre h1, pre h2, pre h3')
    .each((_, el) => {
      const node = $(el);
      const topic = node.attr('data-unknown-topic');
      if (topic === undefined) {
        heading = collapseWhitespace(node.text());
        return;
      }
      const text = collapseWhitespace(node.text())
        .replace(/^Not documented yet:\s*/, '')
        .replace(/\s*Ask \S+@\S+\.$/, '');
      marks.push({ route, heading, topic, text });
    });
  return marks;
}

/** Every mark of the build, page by page in route order. */
export function collectMarks(buildDir: string): UnknownMark[] {
  return builtPages(buildDir)
    .sort((a, b) => a.route.localeCompare(b.route))
    .flatMap(({ route, file }) => marksOfPage(fs.readFileSync(file, 'utf8'), route));
}

/** Pages over the limit, and topics marked twice on one page. */
export function markProblems(marks: UnknownMark[]): string[] {
  const problems: string[] = [];
  const byRoute = new Map<string, UnknownMark[]>();
  for (const mark of marks) byRoute.set(mark.route, [...(byRoute.get(mark.route) ?? []), mark]);
  for (const [route, marks] of byRoute) {
    if (marks.length > MAX_MARKS_PER_PAGE) problems.push(`${route} has ${marks.length} marks (at most ${MAX_MARKS_PER_PAGE})`);
    const topics = marks.map((m) => m.topic);
    for (const topic of new Set(topics.filter((t, i) => topics.indexOf(t) !== i))) problems.push(`${route} marks "${topic}" twice`);
  }
  return problems;
}

export default function unknownsPlugin(_context: LoadContext): Plugin<void> {
  return {
    name: 'unknowns-report',
    async postBuild({ outDir }) {
      const marks = collectMarks(outDir);
      const problems = markProblems(marks);
      if (problems.length) throw new Error(`Unknowns (<Unknown>, x-unknown):\n- ${problems.join('\n- ')}`);
      const file: UnknownsFile = { version: 1, unknowns: marks };
      fs.writeFileSync(path.join(outDir, UNKNOWNS_JSON), `${JSON.stringify(file)}\n`);
      const pages = new Set(marks.map((g) => g.route)).size;
      console.log(`[unknowns] ${marks.length} unknowns marked on ${pages} pages (npm run unknowns lists them)`);
    },
  };
}
