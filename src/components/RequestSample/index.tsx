import React from 'react';
import CodeBlock from '@theme/CodeBlock';
// Docusaurus' own tabs: the openapi theme overrides @theme/Tabs site-wide, and its version weighs more.
import Tabs from '@theme-init/Tabs';
import TabItem from '@theme-init/TabItem';
import { useTabs } from '@docusaurus/theme-common/internal';
import type { RequestSamples } from '@site/src/openapi/samples';
import PlainCode from '@site/src/components/PlainCode';

type Props = {
  /** The samples of the operation against the sandbox, built from the OpenAPI document at build time (remark-openapi-facts). */
  facts: RequestSamples;
};

/**
 * The sample of one tab. Only the selected tab is highlighted: a hidden tab
 * keeps its code as plain text (in the page for search, Markdown twins and
 * readers without JavaScript) at a fraction of the DOM that highlighting
 * builds, which the tabs also render twice (they remount after hydration).
 */
function Sample({ value, language, code }: { value: string; language: string; code: string }): React.JSX.Element {
  const { selectedValue } = useTabs();
  if (selectedValue !== value) return <PlainCode language={language} code={code} />;
  return <CodeBlock language={language}>{code}</CodeBlock>;
}

/** A request to an operation of the document, in bash (curl) and Go, against the sandbox. */
export default function RequestSample({ facts }: Props): React.JSX.Element {
  return (
    <Tabs groupId="code-language" queryString={false}>
      <TabItem value="bash" label="curl" default>
        <Sample value="bash" language="bash" code={facts.curl} />
      </TabItem>
      <TabItem value="go" label="Go">
        <Sample value="go" language="go" code={facts.go} />
      </TabItem>
    </Tabs>
  );
}
