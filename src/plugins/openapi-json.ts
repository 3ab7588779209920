import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { OPENAPI_JSON_FILE, OPENAPI_PATH, openapiDocument } from '../openapi/document';

/**
 * Publishes the OpenAPI document as JSON too (`/v2.0.json`, beside `/v2.0.yaml`, which openapi/ serves as a
 * static directory): the same document, parsed from openapi/v2.0.yaml. The MCP server reads it first
 * (mcp/openapi.ts): JSON parses in a hundredth of YAML's time, which its cold start waits for.
 *
 * It also makes the document a build dependency of the bundler's persistent cache. The MDX pages take their
 * facts from it at compile time (remark-openapi-facts.ts), a read the cache cannot see: after a change to the
 * document alone, the server bundle kept the old facts while the client had the new ones, and the page failed to
 * hydrate (React error #418 on /guides/mass-payouts). A change to the document now empties the cache. Upstream, the
 * MDX loader adds no dependency for what a page reads besides its file: facebook/docusaurus#5757.
 */
export default function openapiJsonPlugin(): Plugin<void> {
  return {
    name: 'openapi-json',
    configureWebpack(config) {
      // Rspack's persistent cache, where Docusaurus enables it (`experiments.cache`, an object).
      const cache: unknown = (config.experiments as { cache?: unknown } | undefined)?.cache;
      if (typeof cache !== 'object' || cache === null) return {};
      return { experiments: { cache: { buildDependencies: [OPENAPI_PATH] } } };
    },
    async postBuild({ outDir }) {
      await fs.writeFile(path.join(outDir, OPENAPI_JSON_FILE), JSON.stringify(openapiDocument()));
    },
  };
}
