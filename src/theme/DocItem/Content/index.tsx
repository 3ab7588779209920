/**
 * Wraps the docs page content with a crash trigger for the test suite: when a
 * test sets `window.__DOCS_CRASH_TEST__ = true` before the page loads, the
 * content throws, so that the theme's error boundary ("This page crashed." and
 * "Try again") can be proven. Readers cannot set it by accident.
 */
import React from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof ContentType>;

declare global {
  interface Window {
    __DOCS_CRASH_TEST__?: boolean;
  }
}

export default function ContentWrapper(props: Props): React.JSX.Element {
  if (typeof window !== 'undefined' && window.__DOCS_CRASH_TEST__ === true) {
    throw new Error('Crash test: window.__DOCS_CRASH_TEST__ is set');
  }
  return <Content {...props} />;
}
