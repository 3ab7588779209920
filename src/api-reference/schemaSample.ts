/**
 * The example of an API object page. docusaurus-plugin-openapi-docs 5.2 writes each schema page's example into
 * its front matter (`sample`): the schema's own `examples[0]` when the document gives one, else one it makes up
 * from the types (`"id": "string"`, `"pricing": {}`). A made-up example is not the API's: the page shows the
 * document's example, or none (the theme's panel is left out then: patches/docusaurus-theme-openapi-docs+*.patch).
 * Used by `markdown.parseFrontMatter` in docusaurus.config.ts.
 */
import path from 'node:path';
import type { ParseFrontMatter } from '@docusaurus/types';
import { openapiDocument } from '../openapi/document';
import { isObject } from '../openapi/documentTree';
import { SCHEMA_PAGES } from './schemaPages';
import { schemaPageId } from './routes';

/** The schemas whose page may show an example: those the document gives one. */
function schemasWithExamples(): Set<string> {
  const { components } = openapiDocument();
  const schemas = isObject(components) && isObject(components.schemas) ? components.schemas : {};
  return new Set(
    SCHEMA_PAGES.filter((name) => {
      const schema = schemas[name];
      return isObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0;
    }),
  );
}

/** `parse`, with the `sample` of a schema page left out where the document gives the schema no example. */
export function withDocumentSamples(parse: ParseFrontMatter): ParseFrontMatter {
  let given: Set<string> | undefined;
  return async (params) => {
    const result = await parse(params);
    if (result.frontMatter.schema !== true || !params.filePath.endsWith('.schema.mdx')) return result;
    const id = path.basename(params.filePath, '.schema.mdx');
    const name = SCHEMA_PAGES.find((candidate) => schemaPageId(candidate) === id);
    if (!name) throw new Error(`src/api-reference/schemaSample.ts: ${params.filePath} is no object page of SCHEMA_PAGES`);
    given ??= schemasWithExamples();
    if (given.has(name)) return result;
    const { sample: _madeUp, ...frontMatter } = result.frontMatter;
    return { ...result, frontMatter };
  };
}
