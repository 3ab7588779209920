/**
 * The unknowns report the site publishes (/unknowns.json): every fact its pages mark
 * as not documented yet, with the page's route, the heading it stands under and
 * its topic. list_unknowns lists them; read_page and get_operation add the
 * marks that concern what they return.
 */
import { UNKNOWNS_JSON } from '../src/markdown/paths';
import type { UnknownsFile } from '../src/plugins/unknowns';
import type { Site } from './site';

export type Mark = UnknownsFile['unknowns'][number];

/** A mark as the tools return it. */
export type MarkAnswer = { topic: string; notDocumentedYet: string; page: string; heading?: string };

function unknownsOf(text: string): UnknownsFile {
  const file = JSON.parse(text) as Partial<UnknownsFile>;
  if (file.version !== 1 || !Array.isArray(file.unknowns)) throw new Error('not a unknowns report of version 1');
  return file as UnknownsFile;
}

/** Every mark of the site. */
export async function unknownMarks(site: Site): Promise<Mark[]> {
  return (await site.cached(UNKNOWNS_JSON, unknownsOf, 'the site publishes no unknowns report (built before it was published?)')).unknowns;
}

/** The marks on the pages of `routes`, in the report's order. */
export function marksOn(marks: Mark[], routes: Iterable<string>): Mark[] {
  const wanted = new Set(routes);
  return marks.filter((mark) => wanted.has(mark.route));
}

export function markAnswer(site: Site, mark: Mark): MarkAnswer {
  return {
    topic: mark.topic,
    notDocumentedYet: mark.text,
    page: site.urlOf(mark.route),
    ...(mark.heading ? { heading: mark.heading } : {}),
  };
}
