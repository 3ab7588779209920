/**
 * A search client that answers as the hosted DocSearch (Algolia) service does,
 * from the built-in index. The DocSearch modal and the /search page use it when
 * no hosted search is configured.
 *
 * - The index is fetched on the first search, never on page load. A failed
 *   load rejects that search with its own error (fetch's TypeError when the
 *   index could not be reached, an Error naming the HTTP status when the server
 *   answered with one), which src/search/networkError.ts turns into the
 *   matching message; the next search tries again, so searching recovers
 *   without a reload.
 * - Requests come as `{requests: [...]}` (DocSearch) or as an array (the /search
 *   page's helper); both get `{results: [...]}` with hits in DocSearch's shape.
 * - Highlights and snippets are built from HTML-escaped text, so a query or a
 *   page can never inject markup.
 */
import { escapeHtml } from '../text';
import type { SearchIndexFile, SearchRecord } from './records';
import { HIERARCHY_LEVELS, SEARCH_INDEX_FILE } from './records';
import type { Engine, FacetFilters, Ranked } from './engine';

type Params = {
  query?: string;
  facetFilters?: FacetFilters | string;
  hitsPerPage?: number;
  page?: number;
  highlightPreTag?: string;
  highlightPostTag?: string;
  facets?: string[] | string;
};
type Request = Params & { indexName?: string; params?: Params };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wraps the matched terms (as word prefixes) of escaped text in the highlight tags. */
export function highlight(
  text: string,
  terms: string[],
  pre: string,
  post: string,
): { value: string; matchLevel: string; matchedWords: string[] } {
  const escaped = escapeHtml(text);
  const usable = terms.filter((t) => t.length > 0).map((t) => escapeRegExp(escapeHtml(t)));
  if (usable.length === 0) return { value: escaped, matchLevel: 'none', matchedWords: [] };
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${usable.sort((a, b) => b.length - a.length).join('|')})`, 'giu');
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
    const value = record.h[i] || null;
    hierarchy[level] = value;
    if (value) hlHierarchy[level] = highlight(value, terms, pre, post);
  });
  const url = new URL(record.u, origin).href;
  const [withoutAnchor, anchor = null] = url.split('#');
  const content = record.c ?? null;
  return {
    objectID: record.u,
    url,
    url_without_anchor: withoutAnchor,
    anchor,
    type: record.t,
    hierarchy,
    content,
    language: record.l,
    docusaurus_tag: record.g,
    _highlightResult: {
      hierarchy: hlHierarchy,
      hierarchy_camel: [hlHierarchy],
      ...(content ? { content: highlight(content, terms, pre, post) } : {}),
    },
    _snippetResult: {
      hierarchy: hlHierarchy,
      ...(content ? { content: highlight(snippetOf(content, terms), terms, pre, post) } : {}),
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

type IndexLoader = () => Promise<SearchIndexFile>;

export function createLocalSearchClient(
  load: IndexLoader,
  makeEngine: (records: SearchRecord[]) => Engine | Promise<Engine>,
  origin: () => string,
) {
  let engine: Promise<Engine> | undefined;
  const getEngine = () => {
    engine ??= load()
      .then((file) => makeEngine(file.records))
      .catch((error: unknown) => {
        engine = undefined; // the next search tries again
        throw error;
      });
    return engine;
  };

  async function answer(request: Request, found: Engine) {
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
        const value = name === 'language' ? r.record.l : name === 'docusaurus_tag' ? r.record.g : undefined;
        if (value !== undefined) counts[value] = (counts[value] ?? 0) + 1;
      }
      facets[name] = counts;
    }
    const hits = ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((r) => hitOf(r, origin(), pre, post));
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

  return {
    /** Starts loading the index and the engine ahead of the first search (on intent, never on page load). */
    warm(): void {
      getEngine().catch(() => {}); // a failure shows on the search itself
    },
    appId: 'LOCAL',
    transporter: {},
    addAlgoliaAgent() {},
    clearCache: async () => {},
    async search(input: { requests: Request[] } | Request[]) {
      const requests = Array.isArray(input) ? input : input.requests;
      const found = await getEngine();
      return { results: await Promise.all(requests.map((r) => answer(r, found))) };
    },
  };
}

type LocalSearchClient = ReturnType<typeof createLocalSearchClient>;

let browserClient: LocalSearchClient | undefined;

/**
 * The client of this page: fetches the index from the site root, loads the
 * engine code on first use. Safe to create during server rendering: it does
 * nothing until a search runs in the browser.
 */
export function browserSearchClient(baseUrl = '/'): LocalSearchClient {
  browserClient ??= createLocalSearchClient(
    async () => {
      const response = await fetch(`${baseUrl}${SEARCH_INDEX_FILE}`);
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return (await response.json()) as SearchIndexFile;
    },
    async (records) => (await import(/* webpackChunkName: "search-engine" */ './engine')).createEngine(records),
    () => window.location.origin,
  );
  return browserClient;
}
