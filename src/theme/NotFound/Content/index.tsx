/**
 * The not-found page's content. Replaces theme-classic's NotFound/Content (a
 * component the theme marks safe to eject) so that the page offers the ways
 * back that the specification's navigation has: Guides, API Reference, Help Center and search.
 */
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { brand } from '@site/src/brand';
import { DOCS_SETS } from '@site/src/docsSets';
import type { Props } from '@theme/NotFound/Content';
import styles from './styles.module.css';

const WAYS_BACK = [
  { to: brand.homeRoute, label: DOCS_SETS.guides.label, text: 'Integrate the merchant API, step by step.' },
  { to: '/api', label: DOCS_SETS.api.label, text: 'Every call, field and error of API v2.0.' },
  { to: '/help-center/registration', label: DOCS_SETS['help-center'].label, text: 'Run your business in the dashboard.' },
  { to: '/search', label: 'Search', text: 'Search the whole site.' },
];

export default function NotFoundContent({ className }: Props): React.JSX.Element {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>We could not find the page you asked for. It may have moved, or the address may be mistyped.</p>
          <ul className={styles.ways}>
            {WAYS_BACK.map((way) => (
              <li key={way.to}>
                <Link to={way.to}>{way.label}</Link>
                <span className={styles.text}>{way.text}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
