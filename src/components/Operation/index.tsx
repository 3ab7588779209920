import React from 'react';
import Link from '@docusaurus/Link';
import type { OperationFacts } from '@site/src/openapi/documentFacts';
import { operationPageUrl } from '@site/src/api-reference/routes';
import InlineMarkdown from '@site/src/components/InlineMarkdown';
import ValueList from '@site/src/components/ValueList';
import { rulesSentence } from '@site/src/text';
import styles from './styles.module.css';

type Props = {
  /** The operation, read from the OpenAPI document at build time (remark-openapi-facts). */
  facts: OperationFacts;
};

/** An operation of the document: method, path, authentication, its parameters, and a link to its reference page. */
export default function Operation({ facts }: Props): React.JSX.Element {
  const params = facts.parameters;
  return (
    <div className={styles.operation} data-operation={facts.operationId}>
      <p className={styles.endpoint}>
        <span className={styles.method}>{facts.method}</span> <code>{facts.path}</code>{' '}
        <Link to={operationPageUrl(facts.operationId)}>{facts.summary} in the API reference</Link>
      </p>
      <p className={styles.auth}>{facts.public ? 'Needs no authentication.' : 'Needs authentication.'}</p>
      {params.length > 0 && (
        <div className={styles.wrapper} tabIndex={0} role="region" aria-label={`Parameters of ${facts.summary}`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {params.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <th scope="row" className={styles.name}>
                    <code>{p.name}</code>
                    {p.required && <span className={styles.required}>required</span>}
                  </th>
                  <td>{p.in}</td>
                  <td>{p.type}</td>
                  <td>
                    {p.description && <InlineMarkdown text={p.description} />}
                    {p.values && (
                      <span className={styles.extra}>
                        <ValueList values={p.values} />
                      </span>
                    )}
                    {p.rules.length > 0 && (
                      <span className={styles.extra}>
                        {p.description && ' '}
                        <InlineMarkdown text={rulesSentence(p.rules)} />
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
