#!/usr/bin/env node
/**
 * The MCP server of the docs: `crypto-payments-docs-mcp --site URL` (the
 * package's bin), or `npm run --silent mcp -- --site URL` in a clone. On stdio,
 * or over Streamable HTTP with `--http [HOST:]PORT`; `--help` lists the options
 * (mcp/cli.ts).
 *
 * It reads the site over HTTP only, and reaches no host but the site and the
 * sandbox. On stdio, stdout carries the protocol: anything else goes to stderr.
 */
import { COMMAND, HELP, parseOptions, UsageError } from './cli';
import { serveHttp } from './hosted';
import { MAX_MESSAGE_BYTES } from './limits';
import { Site } from './site';
import { limitedStdioTransport } from './stdio';
import { createDocsServer } from './docsServer';
import { requestChecker } from './validate';
import { version } from './package.json';

function fail(message: string, code: number): never {
  console.error(`${COMMAND}: ${message}`);
  process.exit(code);
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\nRun ${COMMAND} --help for the options.`, 2);
    throw error;
  }
  if ('help' in options) {
    console.log(HELP);
    return;
  }
  if ('version' in options) {
    console.log(version);
    return;
  }
  const site = new Site(options.site.href);
  const sandboxUrl = options.sandbox.href.replace(/\/+$/, '');
  const create = () => createDocsServer({ site, sandboxUrl, version, requestChecker });
  const reading = `reading ${options.site.href}, local sandbox ${options.sandbox.href}`;
  if (options.http) {
    const hosted = await serveHttp(options.http, create, MAX_MESSAGE_BYTES, { siteOrigin: options.site.origin });
    console.error(`docs MCP server: listening on ${hosted.url}\ndocs MCP server: ${reading}`);
    return;
  }
  await create().connect(limitedStdioTransport(MAX_MESSAGE_BYTES));
  console.error(`docs MCP server: ${reading}`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
