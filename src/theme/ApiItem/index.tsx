/**
 * Replaces `ApiItem` of docusaurus-theme-openapi-docs 5.2.0 (lib/theme/ApiItem),
 * the page component of every API Reference page.
 *
 * Why: the original imports the API explorer statically (postman-collection and
 * its faker and MIME database, postman-code-generators, react-live, crypto-js…),
 * so every API page, even the overview, loaded ~2 MB gzip of JavaScript. Here:
 * - the overview and tag pages render their MDX only;
 * - operation pages (./Operation) render the MDX with the Redux store shared by
 *   the parameter, body and response components, and a light launcher in place
 *   of the explorer, which loads only when a reader opens it (./ExplorerPanel);
 * - schema pages (./Schema) render the schema and its JSON sample.
 * The markup of each branch is the original's. No Suspense boundary wraps the
 * content: React's server renderer would stream a large one out of line.
 */
import React, { useRef, type ReactNode } from 'react';
import { DocProvider } from '@docusaurus/plugin-content-docs/client';
import { HtmlClassNameProvider } from '@docusaurus/theme-common';
import type { Props } from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import ApiItemLayout from '@theme/ApiItem/Layout';
import Operation from './Operation';
import Schema from './Schema';
import { useA11yFixes } from './useA11yFixes';
import { usePluginData } from '@docusaurus/useGlobalData';
import type { ApiStylesData } from '@site/src/plugins/api-styles';

/** The overview and tag pages: their MDX, with the accessibility fixes of ./useA11yFixes. */
function Overview({ content: MDXComponent }: { content: Props['content'] }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useA11yFixes(ref);
  return (
    <div className="row" ref={ref}>
      <div className="col col--12 markdown">
        <MDXComponent />
      </div>
    </div>
  );
}

export default function ApiItem(props: Props): ReactNode {
  const MDXComponent = props.content;
  const frontMatter = MDXComponent.frontMatter as { api?: string; schema?: boolean };

  let body: ReactNode;
  if (frontMatter.api) {
    body = <Operation content={MDXComponent} />;
  } else if (frontMatter.schema) {
    body = <Schema content={MDXComponent} />;
  } else {
    body = <Overview content={MDXComponent} />;
  }

  // The API Reference's stylesheet (src/plugins/api-styles.ts), linked by API pages only. In the
  // body, after the site's stylesheet in the cascade, as the theme's styles were before.
  const { href } = usePluginData('api-styles') as ApiStylesData;
  return (
    <DocProvider content={props.content}>
      <link rel="stylesheet" href={href} />
      <HtmlClassNameProvider className={`docs-doc-id-${props.content.metadata.id}`}>
        <DocItemMetadata />
        <ApiItemLayout>{body}</ApiItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
