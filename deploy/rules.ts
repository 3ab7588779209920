/**
 * Hosting rules for build/: the one source of the nginx configuration and of
 * the CDN files (_headers, _redirects). Redirects, cache policy and security
 * headers are stated once here; deploy/render.ts turns them into each format.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { brand } from '../src/brand';
import { builtPages, fileOfRoute } from '../src/built/pages';
import { searchSettings } from '../src/search/config';
import { LLMS_FULL_TXT, LLMS_TXT, hasTwin, twinPath } from '../src/markdown/paths';
import { openapiDocument } from '../src/openapi/document';
import { schemaHomes } from '../src/api-reference/schemaPages';
import { schemaPageUrl } from '../src/api-reference/routes';
import { schemasRenderedBySourcePages } from '../src/sourcePages';

/** Where / sends readers (HOME_REDIRECT_TARGET in tests/fixtures/routes.ts). */
export const HOME_REDIRECT = { from: '/', to: brand.homeRoute, status: 301 } as const;

/**
 * The schema pages that are no longer built (src/api-reference/schemaPages.ts: only the API's objects
 * have one), each sent to the page that shows the schema now; their twins to that page's twin.
 */
export function movedSchemaPages(): Array<{ from: string; to: string; status: 301 }> {
  const moved: Array<{ from: string; to: string; status: 301 }> = [];
  for (const [name, home] of schemaHomes(openapiDocument(), schemasRenderedBySourcePages())) {
    if (home.own) continue;
    moved.push({ from: schemaPageUrl(name), to: home.route, status: 301 });
    moved.push({ from: twinPath(schemaPageUrl(name)), to: twinPath(home.route), status: 301 });
  }
  return moved;
}

/**
 * Each page's trailing-slash form, sent to its canonical URL: only the routes the build has, so no
 * part of a request ever reaches a `Location` header (a rule that echoed any `/<path>/` sent
 * `/%5cevil.example/` to `/\evil.example`, which browsers read as `//evil.example`).
 */
function trailingSlashRedirects(buildDir: string): Array<{ from: string; to: string; status: 301 }> {
  return builtRoutes(buildDir)
    .filter((route) => route !== '/')
    .map((route) => ({ from: `${route}/`, to: route, status: 301 as const }));
}

/** Every static redirect but the home page's: the moved schema pages and the trailing-slash forms of the pages. */
export function pageRedirects(buildDir: string): Array<{ from: string; to: string; status: 301 }> {
  return [...movedSchemaPages(), ...trailingSlashRedirects(buildDir)];
}

/**
 * What one nginx holds (deploy/render.ts): a worker per core, each with room for many connections, so
 * slow clients cannot fill the server; a cap on the requests one client address has in progress at
 * once; and short timeouts for a request's header and body, so a client that trickles them is cut.
 * The site takes no request bodies, so a small one is enough.
 */
export const NGINX_LIMITS = {
  connectionsPerWorker: 4096,
  openFilesPerWorker: 8192,
  requestsInProgressPerClient: 64,
  headerTimeout: '10s',
  bodyTimeout: '10s',
  sendTimeout: '30s',
  keepaliveTimeout: '30s',
  maxBodySize: '16k',
} as const;

/** Hashed build assets never change: cache them for a year. Everything else revalidates. */
export const CACHE = {
  hashedAssets: { prefix: '/assets/', value: 'public, max-age=31536000, immutable' },
  revalidate: 'no-cache',
} as const;

/**
 * The Markdown forms of the pages (src/plugins/markdown-twins.ts): each page's
 * twin at its URL plus `.md`, and the llms.txt files. They revalidate like the
 * pages. A request for a page's URL whose Accept header names `acceptType` gets
 * the twin (nginx; the CDN files cannot match on request headers), and page
 * responses say `Vary: Accept`.
 */
export const MARKDOWN = {
  extension: 'md',
  contentType: 'text/markdown; charset=utf-8',
  textFiles: [LLMS_TXT, LLMS_FULL_TXT],
  textContentType: 'text/plain; charset=utf-8',
  acceptType: 'text/markdown',
} as const;

/** Browser features the site does not use. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'browsing-topics',
];

/** sha256 sources of every inline <script> the build emits (data blocks such as JSON-LD excluded). */
export function inlineScriptHashes(buildDir: string): string[] {
  const hashes = new Set<string>();
  for (const { file } of builtPages(buildDir)) {
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = m[1];
      if (/\bsrc\s*=/.test(attrs)) continue;
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/.exec(attrs)?.[1];
      if (type && !/^(text|application)\/(javascript|ecmascript)$|^module$/.test(type)) continue;
      hashes.add(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** The hosts of the hosted search service, when it is configured at build time. */
export function searchOrigins(env: Record<string, string | undefined> = process.env): string[] {
  const search = searchSettings(env);
  if (search.mode !== 'hosted') return [];
  const app = search.algolia.appId.toLowerCase();
  // The Algolia client reads from the DSN host and falls back to three others.
  return [`https://${app}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${app}-${n}.algolianet.com`)];
}

/**
 * The one API server the explorer may call: the local sandbox on the reader's machine. The site makes no call
 * to the product's own servers (themeConfig.api.explorerServers in docusaurus.config.ts offers none).
 */
function apiOrigins(): string[] {
  return [new URL(brand.localSandboxApiUrl).origin];
}

export function contentSecurityPolicy(scriptHashes: string[], connectOrigins: string[]): string {
  // The API explorer sends requests to the local sandbox on the reader's machine (npm run local-sandbox):
  // that one loopback origin only, never to the product's servers.
  const api = apiOrigins();
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...api, ...connectOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

/** The headers every response carries. */
export function securityHeaders(buildDir: string, env: Record<string, string | undefined> = process.env): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes(buildDir), searchOrigins(env)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': DENIED_FEATURES.map((f) => `${f}=()`).join(', '),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** Every page route of the build (from its HTML files, the not-found page excepted), for per-route CDN rules. */
export function builtRoutes(buildDir: string): string[] {
  return builtPages(buildDir, { notFound: false })
    .map(({ route }) => route)
    .sort();
}

/** The twin of each page that has one (`hasTwin`). */
export function twinPaths(buildDir: string): string[] {
  return builtRoutes(buildDir)
    .filter((route) => {
      const file = fileOfRoute(buildDir, route);
      return file !== undefined && hasTwin(fs.readFileSync(file, 'utf8'));
    })
    .map(twinPath);
}
