import React from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { Redirect } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { brand } from '@site/src/brand';

/**
 * The home entry: redirects to the welcome guide. The pre-rendered HTML carries
 * a meta refresh and a canonical link so that the redirect also works, and is
 * understood by crawlers, with JavaScript off.
 */
export default function Home(): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  const target = useBaseUrl(brand.homeRoute);
  return (
    <>
      <Head>
        <title>{`Welcome ${siteConfig.titleDelimiter} ${siteConfig.title}`}</title>
        <meta httpEquiv="refresh" content={`0; url=${target}`} />
        <link rel="canonical" href={`${siteConfig.url}${target}`} />
      </Head>
      <p>
        Redirecting to <Link to={brand.homeRoute}>the welcome guide</Link>.
      </p>
      <Redirect to={target} />
    </>
  );
}
