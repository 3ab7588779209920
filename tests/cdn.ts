/**
 * How Cloudflare Pages reads `_headers` and `_redirects`, written out from its documentation (Pages,
 * "Headers" and "Redirects"), not from deploy/: a rule is a URL pattern line followed by indented
 * `Name: value` lines (`! Name` removes a header an earlier matching rule set); `*` (one per pattern)
 * matches any characters, slashes included, and `:name` one path segment. Every rule whose pattern
 * matches a request's path applies, in file order, and when two of them set one header, its values are
 * joined with a comma. At most 100 header rules apply (the rest are skipped), and lines are at most
 * 2,000 characters. A redirect with a splat or a placeholder is dynamic (100 at most), any other
 * static (2,000 at most); its lines are at most 1,000 characters.
 */
export type HeaderRule = { pattern: string; set: Array<[string, string]>; detach: string[] };

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), set: [], detach: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error(`_headers: a header line before any URL pattern: ${line}`);
    const body = line.trim();
    if (body.startsWith('!')) rule.detach.push(body.slice(1).trim().toLowerCase());
    else {
      const colon = body.indexOf(':');
      rule.set.push([body.slice(0, colon).trim().toLowerCase(), body.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** A pattern as a regular expression over a path. */
function patternRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

export const isDynamic = (pattern: string) => /\*|:[A-Za-z]/.test(pattern);

/** The headers Cloudflare adds to the answer for `path` from the first `limit` rules: name (lower case) -> value. */
export function headersFor(rules: HeaderRule[], path: string, limit = 100): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules.slice(0, limit)) {
    if (!patternRegExp(rule.pattern).test(path)) continue;
    for (const [name, value] of rule.set) out.set(name, out.has(name) ? `${out.get(name)}, ${value}` : value);
    for (const name of rule.detach) out.delete(name);
  }
  return out;
}

export type RedirectRule = { from: string; to: string; status: number };

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    .map((line) => {
      const [from, to, status] = line.trim().split(/\s+/);
      return { from, to, status: Number(status ?? 302) };
    });
}
