/**
 * Adds the OpenAPI components to every MDX page by merging the theme's map
 * (no import needed in the pages). Their `facts` prop is filled at build time
 * by src/plugins/remark-openapi-facts.ts from openapi/v2.0.yaml.
 */
import MDXComponents from '@theme-original/MDXComponents';
import SchemaFields from '@site/src/components/SchemaFields';
import EnumValues from '@site/src/components/EnumValues';
import Operation from '@site/src/components/Operation';
import RequestSample from '@site/src/components/RequestSample';
import JsonExample from '@site/src/components/JsonExample';
import Unknown from '@site/src/components/Unknown';
import BrandPlaceholders from '@site/src/components/BrandPlaceholders';

export default {
  ...MDXComponents,
  SchemaFields,
  EnumValues,
  Operation,
  RequestSample,
  ResponseExample: JsonExample,
  RequestExample: JsonExample,
  SchemaExample: JsonExample,
  Unknown,
  BrandPlaceholders,
};
