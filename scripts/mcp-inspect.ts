/**
 * Shows what an assistant sees of the docs MCP server (mcp/): its tools with
 * their inputs and descriptions, its resources, and two sample calls, through
 * the SDK's own client over stdio.
 *
 *   npm run mcp:inspect                                   # the public site (the brand's site URL)
 *   npm run mcp:inspect -- --site http://127.0.0.1:3000   # a site you serve (npm run serve)
 *   npm run mcp:inspect -- --build                        # serves build/ on a free port first (after npm run build)
 */
import path from 'node:path';
import { brand } from '../src/brand';
import { startServer } from '../harness/mcp-client';
import { serveBuild } from '../harness/servers';
import { ROOT } from '../bench/lib/weigh';

type Schema = { type?: string; enum?: string[]; description?: string; anyOf?: Schema[] };

const typeOf = (s: Schema): string => s.type ?? (s.enum ? 'enum' : (s.anyOf ?? []).map(typeOf).join(' | ') || 'any');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--site');
  let site = at >= 0 ? args[at + 1] : brand.siteUrl;
  let stop = () => {};
  if (args.includes('--build')) {
    const served = await serveBuild(path.join(ROOT, 'build'));
    site = served.base;
    stop = served.stop;
  }
  const server = await startServer(['--site', site]);
  try {
    const info = server.client.getServerVersion();
    console.log(`${info?.title ?? info?.name} ${info?.version}, reading ${site}`);
    console.log(`\nInstructions: ${server.client.getInstructions()}\n`);
    const { tools } = await server.client.listTools();
    for (const tool of tools) {
      console.log(`## ${tool.name}: ${tool.title ?? ''}\n${tool.description}`);
      const required = new Set(tool.inputSchema.required ?? []);
      for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, Schema>)) {
        const values = schema.enum ? ` (${schema.enum.join(', ')})` : '';
        console.log(`  - ${name}${required.has(name) ? '' : '?'}: ${typeOf(schema)}${values}. ${schema.description ?? ''}`);
      }
      console.log('');
    }

    const show = async (name: string, args: Record<string, unknown>, summarize: (answer: string) => string) => {
      const result = await server.client.callTool({ name, arguments: args });
      const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
      console.log(`> ${name} ${JSON.stringify(args)}`);
      console.log(result.isError ? `  error: ${text}` : summarize(text));
      console.log('');
    };
    await show('search_docs', { query: 'create a fixed-price charge', limit: 3 }, (text) =>
      (JSON.parse(text) as { hits: Array<{ page: string; heading?: string; url: string }> }).hits
        .map((h) => `  ${h.page}${h.heading ? ` › ${h.heading}` : ''}\n    ${h.url}`)
        .join('\n'),
    );
    await show('get_operation', { operation: 'createCharge' }, (text) => {
      const op = JSON.parse(text) as { method: string; path: string; summary: string; curl: Record<string, string> };
      return `  ${op.method} ${op.path}: ${op.summary}\n${Object.values(op.curl)[0].replace(/^/gm, '    ')}`;
    });

    try {
      const { resources } = await server.client.listResources();
      console.log(`Resources: ${resources.length} (llms.txt and every page twin it lists), e.g.`);
      for (const r of resources.slice(0, 4)) console.log(`  ${r.uri}  ${r.title ?? r.name}`);
    } catch (error) {
      console.log(`Resources: could not be listed: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    await server.close();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
