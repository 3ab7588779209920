import React from 'react';
import { codeSpans } from '@site/src/text';

/** Renders the inline Markdown the OpenAPI document uses in descriptions: `code` spans only; the rest is text. */
export default function InlineMarkdown({ text }: { text: string }): React.JSX.Element {
  return <span>{codeSpans(text).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : part.text))}</span>;
}
