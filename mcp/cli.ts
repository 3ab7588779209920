/**
 * The server's command line: its options, the environment variables that set
 * the same, and the usage text that `--help` prints. An option it does not know
 * is an error, so a misspelt `--stie` never silently reads the default site.
 */
import { brand } from '../src/brand';
import { isLoopback } from '../src/origins';

export const COMMAND = 'crypto-payments-docs-mcp';

/** Where the server listens with `--http`. */
export type Listen = { host: string; port: number };

export type Options =
  | { help: true }
  | { version: true }
  | {
      site: URL;
      sandbox: URL;
      /** Serve over Streamable HTTP instead of stdio. */
      http?: Listen;
    };

/** A command line the server refuses: the message names what was given. */
export class UsageError extends Error {}

export const HELP = `Usage: ${COMMAND} [--site URL] [--local-sandbox URL] [--http [HOST:]PORT]

The MCP server of the ${brand.name} docs: it reads the published site (llms.txt, the pages'
Markdown twins, the OpenAPI document, the search index and the unknowns report) and answers an
assistant's tools from it. On stdio unless --http is given.

Options:
  --site URL            the docs site to read (default: ${brand.siteUrl});
                        http://127.0.0.1:3000 for a local build served with npm run serve
  --local-sandbox URL         the local sandbox that try_in_local_sandbox calls, with the API's base path
                        (default: ${brand.localSandboxApiUrl}); a loopback address only
  --http [HOST:]PORT    serve over Streamable HTTP at http://HOST:PORT/mcp instead of stdio,
                        stateless; HOST is 127.0.0.1 unless given (PORT or :PORT); another
                        host, such as 0.0.0.0, only when you name it
  -h, --help            print this help and exit
  --version             print the version and exit

Environment:
  DOCS_MCP_SITE         the same as --site (the option wins)
  DOCS_MCP_LOCAL_SANDBOX      the same as --local-sandbox (the option wins)

Clients that pass arguments through another command may lose some: the MCP Inspector's CLI
drops the first "--" of the server's command line, so there set DOCS_MCP_SITE instead.`;

function httpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${name} must be an http(s) URL, got "${value}"`);
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(`${name} must be a base URL without query, anchor or credentials, got "${value}"`);
  }
  return url;
}

/** `--http` as given: `PORT`, `:PORT`, `HOST:PORT` or `[IPv6]:PORT`. */
function listenOf(value: string): Listen {
  const match = /^(?:(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+))?:)?(\d{1,5})$/.exec(value);
  const port = Number(match?.[3]);
  if (!match || port > 65535) throw new UsageError(`--http takes [HOST:]PORT (8080, :8080, 127.0.0.1:8080, 0.0.0.0:8080), got "${value}"`);
  return { host: match[1] ?? match[2] ?? '127.0.0.1', port };
}

/** The options of `argv` (the arguments after the script), with `env`'s variables as defaults. */
export function parseOptions(argv: string[], env: Record<string, string | undefined>): Options {
  const given = new Map<string, string>();
  const takesValue = new Set(['--site', '--local-sandbox', '--http']);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') return { help: true };
    if (arg === '--version') return { version: true };
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg];
    if (!takesValue.has(name)) {
      throw new UsageError(arg.startsWith('-') ? `unknown option ${name}` : `unexpected argument "${arg}" (options start with --)`);
    }
    if (given.has(name)) throw new UsageError(`${name} is given twice`);
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) {
      throw new UsageError(`${name} takes a value (${name === '--http' ? '[HOST:]PORT' : 'a URL'})`);
    }
    given.set(name, value);
  }
  // Each value is named by where it came from: the option, else its environment variable, else the default.
  const source = (option: string, variable: string, fallback: string): [name: string, value: string] => {
    const fromOption = given.get(option);
    if (fromOption !== undefined) return [option, fromOption];
    const fromEnv = env[variable]?.trim();
    return fromEnv ? [variable, fromEnv] : [option, fallback];
  };
  const site = httpUrl(...source('--site', 'DOCS_MCP_SITE', brand.siteUrl));
  const [sandboxName, sandboxValue] = source('--local-sandbox', 'DOCS_MCP_LOCAL_SANDBOX', brand.localSandboxApiUrl);
  const sandbox = httpUrl(sandboxName, sandboxValue);
  if (!isLoopback(sandbox))
    throw new UsageError(`${sandboxName} must be on this machine (127.0.0.1, localhost or ::1), got ${sandbox.host}`);
  const http = given.get('--http');
  return { site, sandbox, ...(http === undefined ? {} : { http: listenOf(http) }) };
}
