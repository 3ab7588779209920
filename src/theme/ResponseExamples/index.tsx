/**
 * Wraps `ResponseExamples` of docusaurus-theme-openapi-docs 5.2: the document's own examples render as
 * the theme renders them; the "Example (auto)" tab, a body the theme makes up from a schema
 * (`ExampleFromSchema`, used for request bodies and answers alike), renders nothing. Such a body is not
 * in the specification: for a DELETE call's `Done` answer it showed `{"success": true, "data": {}}`, and
 * for an error answer a `success: false` body that the specification does not give.
 * tests/unit/rendering.test.ts checks that no built page has the tab.
 */
import type { ReactNode } from 'react';

export { json2xml, ResponseExamples, ResponseExample } from '@theme-original/ResponseExamples';

export function ExampleFromSchema(): ReactNode {
  return null;
}
