/**
 * Wraps the docs breadcrumbs, which every docs page shows above its title (the
 * guides, the help centre and, through the API reference's own layout, every
 * API page), to put the "Copy page" actions beside them.
 */
import React from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type { WrapperProps } from '@docusaurus/types';
import CopyPage from '@site/src/components/CopyPage';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): React.JSX.Element {
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs {...props} />
      <CopyPage />
    </div>
  );
}
