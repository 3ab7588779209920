import React from 'react';
import Admonition from '@theme/Admonition';
import { brand } from '@site/src/brand';

/** True while src/brand.ts still holds the placeholder brand (its domains use the reserved `.example` TLD). */
const brandIsPlaceholder = [brand.siteUrl, brand.productionApiUrl, brand.sandboxApiUrl, brand.supportEmail].some((v) =>
  /\.example(\/|$)/.test(v),
);

/**
 * Says once, where a reader first meets them, that the API base URLs, the
 * hosted-page URLs and the support address are placeholders. Renders nothing
 * once a provider puts its own domains into src/brand.ts.
 */
export default function BrandPlaceholders(): React.JSX.Element | null {
  if (!brandIsPlaceholder) return null;
  return (
    <Admonition type="info" title="Placeholder addresses">
      <p>
        This documentation uses placeholder addresses on the reserved <code>.example</code> domain: the API base URLs (
        <code>{brand.productionApiUrl}</code> and <code>{brand.sandboxApiUrl}</code>), the hosted payment page URLs in the examples and the
        support address <code>{brand.supportEmail}</code>. The provider that publishes these docs replaces them with its own.
      </p>
    </Admonition>
  );
}
