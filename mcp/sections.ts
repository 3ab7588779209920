/**
 * One section of a page's Markdown twin, by the anchor of its heading
 * (`/guides/charges/creating#fixed-price`): the heading and everything under
 * it until the next heading of the same or a higher level. The twins carry no
 * heading ids; the site's search index does (each heading's record has the
 * page's URL with the heading's anchor, its text and its level), so an anchor
 * is found there and its heading in the twin by its text, in page order.
 */
export type PageHeading = { anchor: string; text: string; level: number };

type TwinHeading = { line: number; text: string; level: number };

/** A heading's text as both sides spell it: no code marks, link targets, emphasis or extra spaces, lowercase. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The headings of one page (route without anchor) in the search index's records, in page order: lvl2 to lvl6. */
export function headingsOf(entries: Array<{ url: string; type: string; hierarchy: string[] }>, route: string): PageHeading[] {
  const headings: PageHeading[] = [];
  for (const entry of entries) {
    const hash = entry.url.indexOf('#');
    if (hash < 0 || entry.url.slice(0, hash) !== route || !/^lvl[2-6]$/.test(entry.type)) continue;
    const level = Number(entry.type.slice(3));
    headings.push({ anchor: entry.url.slice(hash + 1), text: entry.hierarchy[level] ?? '', level });
  }
  return headings;
}

/** The twin's headings (`## Title`), outside code fences. */
function twinHeadings(lines: string[]): TwinHeading[] {
  const found: TwinHeading[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) fence = fence === undefined ? marker : undefined;
    if (fence !== undefined) return;
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) found.push({ line: i, text: plain(heading[2]), level: heading[1].length });
  });
  return found;
}

/**
 * The section of `markdown` under the heading with `anchor`, or undefined when the page has no such
 * anchor. `headings`: the page's headings from the index (headingsOf).
 */
function sectionOf(markdown: string, headings: PageHeading[], anchor: string): string | undefined {
  const lines = markdown.split('\n');
  const inTwin = twinHeadings(lines);
  // Pair the index's headings with the twin's in order: the k-th "Body" of the index is the k-th of the twin.
  let from = 0;
  for (const heading of headings) {
    const at = inTwin.findIndex((h, i) => i >= from && h.text === plain(heading.text));
    if (at < 0) continue;
    from = at + 1;
    if (heading.anchor !== anchor) continue;
    const start = inTwin[at];
    const next = inTwin.slice(at + 1).find((h) => h.level <= start.level);
    return lines
      .slice(start.line, next?.line ?? lines.length)
      .join('\n')
      .replace(/\n+$/, '\n');
  }
  return undefined;
}

/**
 * The section of a page's twin that `anchor` names, from the site's search index records. A heading's
 * anchor gives its section (sectionOf); any other anchor that search gives (a table row's:
 * `#payout-error-1003`, `#kyc-failed`, `#http-451`) gives the section of the heading the row sits under,
 * so every link of a search hit can be read. Undefined when the page has no such anchor.
 */
export function sectionFor(
  markdown: string,
  records: Array<{ u: string; t: string; h: string[] }>,
  route: string,
  anchor: string,
): string | undefined {
  const entries = records.map((r) => ({ url: r.u, type: r.t, hierarchy: r.h }));
  const headings = headingsOf(entries, route);
  const own = sectionOf(markdown, headings, anchor);
  if (own !== undefined) return own;
  // A row: the last heading of the page before its first record, in page order.
  let under: string | undefined;
  for (const entry of entries) {
    const [page, hash] = entry.url.split('#');
    if (page !== route) continue;
    if (hash === anchor && entry.type === 'content') return under === undefined ? markdown : sectionOf(markdown, headings, under);
    if (hash && /^lvl[2-6]$/.test(entry.type)) under = hash;
  }
  return undefined;
}
