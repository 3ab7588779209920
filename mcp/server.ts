/**
 * The MCP server of the docs, on stdio: `npm run --silent mcp -- --site URL`.
 *
 *   --site URL      the docs site to read (default: DOCS_MCP_SITE, else the brand's site URL);
 *                   http://127.0.0.1:3000 for a local build (`npm run build && npm run serve`)
 *   --sandbox URL   the local sandbox with the API's base path (default: DOCS_MCP_SANDBOX, else
 *                   the brand's local sandbox, http://127.0.0.1:4010/v2.0); loopback addresses only
 *
 * It reads the site over HTTP only, and reaches no host but the site and the
 * sandbox. stdout carries the protocol: anything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { brand } from '../src/brand';
import { isLoopback } from '../src/origins';
import { Site } from './site';
import { createDocsServer } from './tools';
import pkg from '../package.json';

function option(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  if (i < 0) return process.env[env]?.trim() || fallback;
  const value = process.argv[i + 1];
  if (!value || value.startsWith('--')) fail(`${name} takes a URL`);
  return value;
}

function fail(message: string): never {
  console.error(`docs MCP server: ${message}`);
  process.exit(2);
}

function httpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`${name} must be an http(s) URL, got "${value}"`);
  if (url.search || url.hash || url.username) fail(`${name} must be a base URL without query, anchor or credentials, got "${value}"`);
  return url;
}

if (process.argv.includes('--help')) {
  console.error('Usage: npm run --silent mcp -- [--site URL] [--sandbox URL]   (the MCP server of the docs, on stdio; see README.md)');
  process.exit(0);
}

const site = httpUrl('--site', option('--site', 'DOCS_MCP_SITE', brand.siteUrl));
const sandbox = httpUrl('--sandbox', option('--sandbox', 'DOCS_MCP_SANDBOX', brand.localSandboxApiUrl));
if (!isLoopback(sandbox)) fail(`--sandbox must be on this machine (127.0.0.1, localhost or ::1), got ${sandbox.host}`);

async function main(): Promise<void> {
  const server = createDocsServer({ site: new Site(site.href), sandboxUrl: sandbox.href.replace(/\/+$/, ''), version: pkg.version });
  await server.connect(new StdioServerTransport());
  console.error(`docs MCP server: reading ${site.href}, local sandbox ${sandbox.href}`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
