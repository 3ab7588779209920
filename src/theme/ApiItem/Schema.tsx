/**
 * The schema page branch of `ApiItem` (see ./index.tsx), as in
 * docusaurus-theme-openapi-docs 5.2.0 (lib/theme/ApiItem/index.js): the schema
 * on the left, its JSON sample on the right; with the accessibility fixes of
 * ./useA11yFixes.
 */
import React, { useRef, type ComponentType, type ReactNode } from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import { SchemaExpansionProvider } from '@theme/SchemaExpansion';
import { useA11yFixes } from './useA11yFixes';

export default function Schema({ content: MDXComponent }: { content: ComponentType & { frontMatter: any } }): ReactNode {
  const { frontMatter } = MDXComponent;
  const ref = useRef<HTMLDivElement>(null);
  useA11yFixes(ref);
  return (
    <SchemaExpansionProvider>
      <div ref={ref} className={clsx('row', 'theme-api-markdown')}>
        <div className="col col--7 openapi-left-panel__container schema">
          <MDXComponent />
        </div>
        <div className="col col--5 openapi-right-panel__container">
          <CodeBlock language="json" title={`${frontMatter.title}`}>
            {JSON.stringify(frontMatter.sample, null, 2)}
          </CodeBlock>
        </div>
      </div>
    </SchemaExpansionProvider>
  );
}
