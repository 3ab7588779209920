import React from 'react';
import { brand } from '@site/src/brand';
import styles from './styles.module.css';

type Props = {
  /** A short kebab-case name for the unknown, unique on its page (for example `fiat-withdrawal-balance`). The unknowns report lists it. */
  topic: string;
  /** One plain sentence naming what is not documented yet, for example "Which balance a fiat withdrawal is taken from." */
  children: React.ReactNode;
};

/**
 * The site's one way to mark an unknown: a fact the API does not document yet,
 * used only where a reader would otherwise act wrongly. The build's unknowns report
 * (`npm run unknowns`) lists every mark by page, heading and topic; the docs team
 * fills one by writing the fact and removing the mark.
 *
 * The OpenAPI document marks its unknowns with `x-unknown`; the API pages
 * render them with this component too.
 */
export default function Unknown({ topic, children }: Props): React.JSX.Element {
  return (
    <aside className={styles.note} data-unknown-topic={topic} aria-label="Not documented yet">
      <p className={styles.text}>
        <strong>Not documented yet:</strong> {children} Ask{' '}
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a mailto: link (the rule reads no protocol in a template with values) */}
        <a href={`mailto:${brand.supportEmail}?subject=${encodeURIComponent(`Docs question: ${topic}`)}`}>{brand.supportEmail}</a>.
      </p>
    </aside>
  );
}
