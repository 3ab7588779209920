import React from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type { EnumFacts } from '@site/src/openapi/documentFacts';
import InlineMarkdown from '@site/src/components/InlineMarkdown';
import styles from './styles.module.css';

type Props = {
  /** The enum, read from the OpenAPI document at build time (remark-openapi-facts). */
  facts: EnumFacts;
  name: string;
  /** Gives every value a stable anchor: `#<prefix><value>` (for example #insufficient_balance). */
  anchorPrefix?: string;
  /** Meanings written on the page, for values the document gives none. */
  notes?: Record<string, string>;
  /** The table's caption in the reader's words (help-centre pages); by default "Values of `<name>`". */
  caption?: string;
};

/** The values of an enum of the OpenAPI document, each with its meaning where one is stated. */
export default function EnumValues({ facts, name, anchorPrefix, notes = {}, caption }: Props): React.JSX.Element {
  // Register the row anchors with Docusaurus, so that its anchor check knows them.
  const brokenLinks = useBrokenLinks();
  if (anchorPrefix !== undefined) for (const { value } of facts.values) brokenLinks.collectAnchor(`${anchorPrefix}${value}`);
  const meaning = (value: string) => facts.values.find((v) => v.value === value)?.description ?? notes[value];
  const hasMeanings = facts.values.some((v) => meaning(v.value));
  return (
    <div className={styles.wrapper} tabIndex={0} role="region" aria-label={caption ?? `Values of ${name}`}>
      <table className={styles.table} data-enum={name}>
        <caption className={styles.caption}>
          {caption ?? (
            <>
              Values of <code>{name}</code>
            </>
          )}
        </caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            {hasMeanings && <th scope="col">Meaning</th>}
          </tr>
        </thead>
        <tbody>
          {facts.values.map(({ value }) => (
            <tr key={value} id={anchorPrefix !== undefined ? `${anchorPrefix}${value}` : undefined}>
              <th scope="row" className={styles.value}>
                <code>{value}</code>
                {anchorPrefix !== undefined && (
                  <Link className={`hash-link ${styles.anchor}`} to={`#${anchorPrefix}${value}`} aria-label={`Link to ${value}`}>
                    #
                  </Link>
                )}
              </th>
              {hasMeanings && <td>{meaning(value) ? <InlineMarkdown text={meaning(value) ?? ''} /> : '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
