import React from 'react';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type { OperationFacts } from '@site/src/openapi/facts';
import { brand } from '@site/src/brand';
import { curlSample, goSample } from './samples';

type Props = {
  /** The operation, read from the OpenAPI document at build time (remark-openapi-facts). */
  facts: OperationFacts;
};

/** A request to an operation of the document, in bash (curl) and Go, against the sandbox. */
export default function RequestSample({ facts }: Props): React.JSX.Element {
  return (
    <Tabs groupId="code-language" queryString={false}>
      <TabItem value="bash" label="curl" default>
        <CodeBlock language="bash">{curlSample(facts, brand.sandboxApiUrl)}</CodeBlock>
      </TabItem>
      <TabItem value="go" label="Go">
        <CodeBlock language="go">{goSample(facts, brand.sandboxApiUrl)}</CodeBlock>
      </TabItem>
    </Tabs>
  );
}
