/**
 * Wraps the docs version dropdown so that it follows the docs instance of the
 * page being read (guides, help centre or API reference) instead of always the
 * guides. The choice a reader makes is saved by the original component in
 * local storage (docs-preferred-version-<instance>).
 */
import React from 'react';
import DocsVersionDropdownNavbarItem from '@theme-original/NavbarItem/DocsVersionDropdownNavbarItem';
import type DocsVersionDropdownNavbarItemType from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type { WrapperProps } from '@docusaurus/types';
import { useActivePlugin } from '@docusaurus/plugin-content-docs/client';

type Props = WrapperProps<typeof DocsVersionDropdownNavbarItemType>;

export default function DocsVersionDropdownNavbarItemWrapper(props: Props): React.JSX.Element {
  // cspell:ignore failfast (an option of Docusaurus)
  const activePlugin = useActivePlugin({ failfast: false });
  const docsPluginId = props.docsPluginId ?? activePlugin?.pluginId;
  return <DocsVersionDropdownNavbarItem {...props} docsPluginId={docsPluginId} />;
}
