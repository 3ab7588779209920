import React from 'react';

/** Renders the inline Markdown the OpenAPI document uses in descriptions: `code` spans only; the rest is text. */
export default function InlineMarkdown({ text }: { text: string }): React.JSX.Element {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <span>
      {parts.map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <code key={i}>{part.slice(1, -1)}</code> : part,
      )}
    </span>
  );
}
