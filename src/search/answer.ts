/**
 * The built-in index's answers in the hosted DocSearch (Algolia) service's
 * shape: hits with hierarchy, URL and anchor, highlights and snippets, facet
 * counts, pages. Runs wherever the engine runs (the search worker, Node).
 *
 * - Requests come as DocSearch sends them (`{indexName, params}` or the
 *   parameters at the top level, as the /search page's helper sends them).
 * - Highlights and snippets are built from HTML-escaped text, so a query or a
 *   page can never inject markup.
 */
import { escapeHtml, escapeRegExp } from '../text';
import { HIERARCHY_LEVELS, type FacetFilters } from './records';
import type { Engine, Ranked } from './engine';
import { facetOf } from './scoring';

type Params = {
  query?: string;
  facetFilters?: FacetFilters | string;
  hitsPerPage?: number;
  page?: number;
  highlightPreTag?: string;
  highlightPostTag?: string;
  facets?: string[] | string;
};
export type SearchRequest = Params & { indexName?: string; params?: Params };

/**
 * Wraps the words of escaped text that begin with a matched term in the highlight tags, whole: the
 * engine matches singulars and prefixes (`fee` for "fees", `pay` for "payouts"), the reader sees words.
 */
export function highlight(
  text: string,
  terms: string[],
  pre: string,
  post: string,
): { value: string; matchLevel: string; matchedWords: string[] } {
  const escaped = escapeHtml(text);
  const usable = terms.filter((t) => t.length > 0).map((t) => escapeRegExp(escapeHtml(t)));
  if (usable.length === 0) return { value: escaped, matchLevel: 'none', matchedWords: [] };
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])((?:${usable.sort((a, b) => b.length - a.length).join('|')})[\\p{L}\\p{N}]*)`, 'giu');
  const matched = new Set<string>();
  const value = escaped.replace(pattern, (m) => {
    matched.add(m.toLowerCase());
    return `${pre}${m}${post}`;
  });
  return {
    value,
    matchLevel: matched.size === 0 ? 'none' : matched.size >= usable.length ? 'full' : 'partial',
    matchedWords: [...matched],
  };
}

/** A window of words around the first match. */
function snippetOf(text: string, terms: string[], words = 28): string {
  const tokens = text.split(/\s+/);
  if (tokens.length <= words) return text;
  const lower = terms.map((t) => t.toLowerCase());
  const at = Math.max(
    0,
    tokens.findIndex((w) => lower.some((t) => w.toLowerCase().includes(t))),
  );
  const start = Math.max(0, Math.min(at - Math.floor(words / 3), tokens.length - words));
  return `${start > 0 ? '… ' : ''}${tokens.slice(start, start + words).join(' ')}${start + words < tokens.length ? ' …' : ''}`;
}

function hitOf(ranked: Ranked, origin: string, pre: string, post: string) {
  const { record, terms } = ranked;
  const hierarchy: Record<string, string | null> = {};
  const hlHierarchy: Record<string, ReturnType<typeof highlight>> = {};
  HIERARCHY_LEVELS.forEach((level, i) => {
    const value = record.hierarchy[i] || null;
    hierarchy[level] = value;
    if (value) hlHierarchy[level] = highlight(value, terms, pre, post);
  });
  const url = new URL(record.url, origin).href;
  const [withoutAnchor, anchor = null] = url.split('#');
  const content = record.content ?? null;
  const snippetText = ranked.text ?? content;
  return {
    objectID: record.url,
    url,
    url_without_anchor: withoutAnchor,
    anchor,
    type: record.type,
    hierarchy,
    content,
    language: record.language,
    docusaurus_tag: record.docusaurusTag,
    _highlightResult: {
      hierarchy: hlHierarchy,
      hierarchy_camel: [hlHierarchy],
      ...(content ? { content: highlight(content, terms, pre, post) } : {}),
    },
    // The snippet is the sentence that answers (the engine's `text`): of the hit's own text, or for a
    // heading, of the text under it, which /search shows under the heading.
    _snippetResult: {
      hierarchy: hlHierarchy,
      ...(snippetText ? { content: highlight(snippetOf(snippetText, terms), terms, pre, post) } : {}),
    },
  };
}

function asFilters(value: Params['facetFilters']): FacetFilters {
  if (!value) return [];
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as FacetFilters;
    } catch {
      return [value];
    }
  }
  return value;
}

/** The answer to one request, as the hosted service gives it; `origin` makes the hits' URLs absolute. */
export function answer(request: SearchRequest, found: Engine, origin: string) {
  const params: Params = { ...request.params, ...request };
  const query = String(params.query ?? '');
  const hitsPerPage = Math.max(0, Math.min(Number(params.hitsPerPage ?? 20), 1000));
  const page = Math.max(0, Number(params.page ?? 0));
  const pre = params.highlightPreTag ?? '<span class="algolia-docsearch-suggestion--highlight">';
  const post = params.highlightPostTag ?? '</span>';
  const ranked = found.search(query, asFilters(params.facetFilters));
  const facetNames = typeof params.facets === 'string' ? [params.facets] : (params.facets ?? []);
  const facets: Record<string, Record<string, number>> = {};
  for (const name of facetNames) {
    const counts: Record<string, number> = {};
    for (const r of ranked) {
      const value = facetOf(r.record, name);
      if (value !== undefined) counts[value] = (counts[value] ?? 0) + 1;
    }
    facets[name] = counts;
  }
  const hits = ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((r) => hitOf(r, origin, pre, post));
  return {
    hits,
    nbHits: ranked.length,
    page,
    nbPages: hitsPerPage > 0 ? Math.ceil(ranked.length / hitsPerPage) : 0,
    hitsPerPage,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query,
    params: '',
    index: request.indexName ?? 'docs',
    facets,
  };
}
