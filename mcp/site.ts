/**
 * The published docs site, read over HTTP from its base URL (`--site`): its
 * files for assistants (/llms.txt, each page's Markdown twin at its URL plus
 * `.md`, /unknowns.json), the OpenAPI document and the search index. Nothing is
 * read from this repository's files: the server answers from what the site
 * publishes, so it says what readers see.
 *
 * The few whole-site files are kept parsed for a minute, then asked again with
 * their validators (ETag, Last-Modified): a site deployed meanwhile is seen
 * without restarting the server. Twins are read on each call.
 *
 * The files are asked for with the global fetch, or with the one given: the
 * endpoint at the edge (mcp/edge.ts) reads its own deployment's static files.
 */
import { brand } from '../src/brand';
import { LLMS_TXT, twinPath } from '../src/markdown/paths';
import { request, type Answer, type Deadline, type Fetch } from './http';

const TTL_MS = 60_000;

/** A page as /llms.txt lists it. */
export type ListedPage = {
  /** The twin's path on the site (`/guides/charges/creating.md`). */
  twin: string;
  title: string;
  description?: string;
  /** The llms.txt section: Guides, API Reference, Help Center. */
  section: string;
};

type Entry = { value: unknown; etag?: string; lastModified?: string; checkedAt: number };

/** The pages of llms.txt (`- [Title](https://…/guides/x.md): description` under `## Section`). */
function listedPages(llmsTxt: string): ListedPage[] {
  const pages: ListedPage[] = [];
  let section = '';
  for (const line of llmsTxt.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const link = /^- \[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)(?::\s*(.*))?$/.exec(line);
    if (!link || !section) continue;
    const twin = new URL(link[2], brand.siteUrl).pathname;
    if (!twin.endsWith('.md')) continue;
    pages.push({ twin, title: link[1].replace(/\\(.)/g, '$1'), description: link[3]?.trim() || undefined, section });
  }
  return pages;
}

export class Site {
  /** The base URL, without a trailing slash (`http://127.0.0.1:3000`). */
  readonly url: string;
  readonly origin: string;
  /** The base URL's path (empty for a site at the root of its host). */
  private readonly prefix: string;
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<unknown>>();
  /** The deadline of the tool call this reader serves (`within`): its requests end by it, whatever their own limit. */
  private deadline?: Deadline;

  /**
   * `fetch`: what asks the site for its files (default: the global fetch, over the network). `preloaded`: files
   * already parsed, by path, which `cached` gives as they are and never asks for (the endpoint at the edge holds
   * its own deployment's document and search engine, made at build).
   */
  constructor(
    url: string,
    private readonly fetch?: Fetch,
    private readonly preloaded: ReadonlyMap<string, unknown> = new Map(),
  ) {
    const base = new URL(url);
    this.origin = base.origin;
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.url = this.origin + this.prefix;
  }

  /**
   * This site as one tool call reads it: the same files, cache and pending requests (the view inherits them from this
   * reader), with the call's deadline on every request it makes.
   */
  within(deadline: Deadline): Site {
    const view = Object.create(this) as Site;
    view.deadline = deadline;
    return view;
  }

  /** The URL of a path of the site (`/llms.txt`). */
  urlOf(path: string): string {
    return `${this.url}${path}`;
  }

  private get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return request(this.urlOf(path), { what: 'The docs site', origin: this.origin, headers, fetch: this.fetch, deadline: this.deadline });
  }

  /** The text at `path`, or undefined when the site answers 404; any other failure throws. */
  async text(path: string): Promise<string | undefined> {
    const answer = await this.get(path);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new Error(`The docs site at ${this.url} answered ${answer.status} for ${path}`);
    return answer.text;
  }

  /**
   * The file at `path` parsed by `parse`, kept for a minute and then revalidated.
   * `missing` says what a 404 means; `null`: that the site may lack the file, which then gives `undefined`
   * (kept as well). A failure is not kept: the next call asks again.
   */
  cached<T>(path: string, parse: (text: string) => T, missing: string): Promise<T>;
  cached<T>(path: string, parse: (text: string) => T, missing: null): Promise<T | undefined>;
  cached<T>(path: string, parse: (text: string) => T, missing: string | null): Promise<T | undefined> {
    if (this.preloaded.has(path)) return Promise.resolve(this.preloaded.get(path) as T);
    const entry = this.cache.get(path);
    if (entry && Date.now() - entry.checkedAt < TTL_MS) return Promise.resolve(entry.value as T | undefined);
    let pending = this.pending.get(path) as Promise<T | undefined> | undefined;
    if (!pending) {
      pending = this.refresh(path, parse, missing, entry).finally(() => this.pending.delete(path));
      this.pending.set(path, pending);
    }
    return pending;
  }

  private async refresh<T>(
    path: string,
    parse: (text: string) => T,
    missing: string | null,
    entry: Entry | undefined,
  ): Promise<T | undefined> {
    const validators: Record<string, string> = {};
    if (entry?.etag) validators['if-none-match'] = entry.etag;
    if (entry?.lastModified) validators['if-modified-since'] = entry.lastModified;
    const answer = await this.get(path, validators);
    if (answer.status === 304 && entry) {
      entry.checkedAt = Date.now();
      return entry.value as T;
    }
    if (answer.status === 404 && missing === null) {
      this.cache.set(path, { value: undefined, checkedAt: Date.now() });
      return undefined;
    }
    if (answer.status === 404) throw new Error(`The docs site at ${this.url} has no ${path}: ${missing}`);
    if (answer.status !== 200) throw new Error(`The docs site at ${this.url} answered ${answer.status} for ${path}`);
    let value: T;
    try {
      value = parse(answer.text);
    } catch (error) {
      throw new Error(`${this.urlOf(path)} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.cache.set(path, {
      value,
      etag: answer.headers.get('etag') ?? undefined,
      lastModified: answer.headers.get('last-modified') ?? undefined,
      checkedAt: Date.now(),
    });
    return value;
  }

  /** Every page that /llms.txt lists, in its order. */
  pages(): Promise<ListedPage[]> {
    return this.cached(LLMS_TXT, listedPages, 'the site publishes no llms.txt, so its pages cannot be listed');
  }

  /**
   * The page an assistant names, and the anchor it names in it: a path
   * (`/guides/charges/creating`, with or without `.md`, a trailing slash, an
   * anchor), or an http(s) URL on this site or on the brand's public site (the
   * links of llms.txt and of the twins). A URL on any other host, or of another
   * scheme (`file:`, `javascript:`), is refused with what was given.
   */
  pageOf(input: string): { route: string; twin: string; anchor?: string } {
    const text = input.trim();
    if (!text) throw new Error('read_page needs a page: a path such as /guides/charges/creating, or its URL');
    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
      const given = `"${text.slice(0, 200)}"`;
      try {
        url = new URL(text);
      } catch {
        throw new Error(`${given} is not a URL or a path of the site`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new Error(
          `${given} is a ${url.protocol} URL: read_page reads pages of the docs site, by path (/guides/charges) or http(s) URL`,
        );
      }
      const canonical = new URL(brand.siteUrl);
      if (url.origin === this.origin && url.pathname.startsWith(this.prefix))
        url = new URL(url.pathname.slice(this.prefix.length) + url.hash, canonical);
      else if (url.origin !== canonical.origin) {
        throw new Error(`${url.origin} is not the docs site (${this.url} or ${brand.siteUrl}): read_page reads no other host`);
      }
    } else {
      // Relative to the site's root, whatever slashes it starts with (`//host/x` is a path here, not a host).
      url = new URL(`/${text.replace(/^[/\\]+/, '')}`, 'http://site.invalid');
    }
    const pathname = url.pathname.replace(/\.html$/, '');
    const twin = pathname.endsWith('.md') ? pathname : twinPath(pathname);
    let anchor = url.hash.slice(1);
    try {
      anchor = decodeURIComponent(anchor);
    } catch {
      /* kept as written */
    }
    return { route: twin === '/index.md' ? '/' : twin.slice(0, -'.md'.length), twin, ...(anchor ? { anchor } : {}) };
  }

  /** The path of the Markdown twin of the page that `input` names (pageOf). */
  twinOf(input: string): string {
    return this.pageOf(input).twin;
  }
}
