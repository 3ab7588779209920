import React from 'react';
import type { FieldRow } from '@site/src/openapi/documentFacts';
import InlineMarkdown from '@site/src/components/InlineMarkdown';
import ValueList from '@site/src/components/ValueList';
import { rulesSentence } from '@site/src/text';
import styles from './styles.module.css';

type Props = {
  /** Rows read from the OpenAPI document at build time (remark-openapi-facts). */
  facts: FieldRow[];
  /** The schema's name, shown in the caption. */
  name: string;
};

/** A field table of one schema of the OpenAPI document: name, type, rules and meaning of every field. */
export default function SchemaFields({ facts, name }: Props): React.JSX.Element {
  return (
    <div className={styles.wrapper} tabIndex={0} role="region" aria-label={`Fields of ${name}`}>
      <table className={styles.table} data-schema={name}>
        <caption className={styles.caption}>
          Fields of <code>{name}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {facts.map((row) => (
            <tr key={row.name}>
              <th scope="row" className={styles.field} style={{ paddingLeft: `${0.75 + row.depth * 1}rem` }}>
                <code>{row.name}</code>
                {row.required && <span className={styles.required}>required</span>}
                {row.deprecated && <span className={styles.deprecated}>deprecated</span>}
              </th>
              <td className={styles.type}>
                {row.type}
                {row.nullable && <span className={styles.nullable}> or null</span>}
              </td>
              <td>
                {!row.description && !row.values && row.rules.length === 0 && (
                  <span className={styles.none} data-no-description>
                    <span aria-hidden="true">—</span>
                    <span className={styles.hidden}>No description in the API reference</span>
                  </span>
                )}
                {row.description && <InlineMarkdown text={row.description} />}
                {row.values && (
                  <span className={styles.values}>
                    <ValueList values={row.values} />
                  </span>
                )}
                {row.rules.length > 0 && (
                  <span className={styles.rules}>
                    {(row.description || row.values) && ' '}
                    <InlineMarkdown text={rulesSentence(row.rules)} />
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
