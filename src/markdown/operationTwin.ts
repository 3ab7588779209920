/**
 * What an API operation page's twin needs beyond the page's server-rendered
 * HTML: the full URLs on each server, the authentication and the request
 * samples. The page shows these in the API explorer, which loads in the
 * browser only, so they are read from openapi/v2.0.yaml (src/openapi/documentFacts.ts),
 * and the samples are the ones the guides show (src/components/RequestSample).
 */
import type * as cheerio from 'cheerio';
import type { AnyNode } from 'cheerio';
import { brand } from '../brand';
import { operationPageUrl } from '../api-reference/routes';
import { isObject as isObj, openapiDocument, operations, securityRequirements, serversOf, type OperationEntry } from '../openapi/document';
import { operationFacts } from '../openapi/documentFacts';
import { curlSample, goSample } from '../openapi/samples';
import { collapseWhitespace, escapeHtml, codeSpans } from '../text';

/** The site's OpenAPI document (openapi/v2.0.yaml), which every fact here is read from. */
const siteDoc = openapiDocument();

/** Every operation and webhook of the document, by the route of its page (`/api/create-charge`). */
export function operationsByRoute(): Map<string, OperationEntry> {
  return new Map(operations().map((entry) => [operationPageUrl(entry.operationId), entry]));
}

/** `how` is HTML: a sentence with code spans. */
type Scheme = { name: string; how: string; description?: string };

const codeHtml = (text: string) => `<code>${escapeHtml(text)}</code>`;

function schemeOf(name: string): Scheme {
  const components = openapiDocument().components;
  const schemes = isObj(components) && isObj(components.securitySchemes) ? components.securitySchemes : {};
  const scheme = schemes[name];
  if (!isObj(scheme)) throw new Error(`openapi: no security scheme named "${name}"`);
  const description = typeof scheme.description === 'string' ? collapseWhitespace(scheme.description) : undefined;
  if (scheme.type === 'http') {
    const kind = String(scheme.scheme ?? '');
    const label = kind.toLowerCase() === 'bearer' ? 'Bearer' : kind;
    return { name, how: `sent in the ${codeHtml('Authorization')} header as ${codeHtml(`${label} <token>`)}.`, description };
  }
  if (scheme.type === 'apiKey') {
    return { name, how: `sent in the ${codeHtml(String(scheme.name))} ${escapeHtml(String(scheme.in))}.`, description };
  }
  return { name, how: `${escapeHtml(String(scheme.type))} authentication.`, description };
}

/** The requirements of an operation: alternatives (any one), each a set of schemes (all together). */
function securityOf(entry: OperationEntry): Scheme[][] {
  return securityRequirements(openapiDocument(), entry).map((names) => names.map(schemeOf));
}

/** A description of the document as HTML: its `code` spans as <code> (as src/components/InlineMarkdown shows them). */
function inlineCodeHtml(markdown: string): string {
  return codeSpans(markdown)
    .map((part) => (part.code ? codeHtml(part.text) : escapeHtml(part.text)))
    .join('');
}

/**
 * Adds the operation's URLs and authentication after its method and path, and
 * its request samples under the page's "Request samples" heading (or a new one).
 */
export function addOperationFacts($: cheerio.CheerioAPI, article: cheerio.Cheerio<AnyNode>, entry: OperationEntry): void {
  const code = (text: string) => $('<code>').text(text);
  const method = entry.method.toUpperCase();
  const facts: AnyNode[] = [];
  if (entry.webhook) {
    facts.push(
      ...$('<p>')
        .append(`Webhook `, code(entry.path), `: the API sends it as a `, code(method), ' request to your callback URL.')
        .toArray(),
    );
  } else {
    const urls = $('<ul>');
    for (const server of serversOf(openapiDocument(), entry)) {
      const url = code(`${method} ${server.url}${entry.path}`);
      // A short name ("Sandbox") labels the URL; a description that is a sentence follows it.
      if (/[.!?]$/.test(server.description)) urls.append($('<li>').append(url, `: ${server.description}`));
      else urls.append($('<li>').append($('<strong>').text(`${server.description}:`), ' ', url));
    }
    facts.push(...urls.toArray());
    const alternatives = securityOf(entry);
    const auth = [$('<h2>').text('Authentication')];
    if (alternatives.length === 0 || alternatives.every((schemes) => schemes.length === 0)) {
      auth.push($('<p>').text('This call needs no authentication.'));
    } else {
      auth.push($('<p>').text(alternatives.length > 1 ? 'Any one of:' : 'This call needs:'));
      const list = $('<ul>');
      for (const schemes of alternatives) {
        const item = $('<li>');
        schemes.forEach((scheme, i) => {
          if (i > 0) item.append(' and ');
          item.append(code(scheme.name), ', ', scheme.how);
          if (scheme.description) item.append(` ${inlineCodeHtml(scheme.description)}`);
        });
        list.append(item);
      }
      auth.push(list);
    }
    // Before the first section (Request or Responses), after the description.
    const firstSection = article.find('h2').not('pre h2').first();
    for (const node of auth) {
      if (firstSection.length) firstSection.before(node);
      else article.append(node);
    }
  }
  const endpoint = article.find('pre.openapi__method-endpoint').first();
  // The path as the document writes it (`/charges/{id}`; the page shows `/charges/:id`).
  if (!entry.webhook) endpoint.find('.openapi__method-endpoint-path').text(entry.path);
  if (endpoint.length) endpoint.after(facts);
  else article.find('h1').first().after(facts);

  if (entry.webhook) return;
  const op = operationFacts(entry.operationId, undefined, siteDoc);
  const samples = [
    ['curl', 'bash', curlSample(op, brand.sandboxApiUrl)],
    ['Go', 'go', goSample(op, brand.sandboxApiUrl)],
  ].flatMap(([label, language, sample]) => [
    ...$('<p>').append($('<strong>').text(label)).toArray(),
    ...$('<pre>')
      .append($('<code>').addClass(`language-${language}`).text(sample))
      .toArray(),
  ]);
  const launcher = article.find('.api-launcher').first();
  if (launcher.length) launcher.append(samples);
  else article.append($('<h2>').text('Request samples'), samples);
}
