// cspell:ignore anysphere deeplink -- Cursor's install link: its handler's name
import React, { useEffect, useState } from 'react';
import { useLocation } from '@docusaurus/router';
import { brand } from '@site/src/brand';
import { twinPath } from '@site/src/markdown/paths';
import styles from './styles.module.css';

type Status = 'idle' | 'copying' | 'copied' | 'failed';

const MESSAGES: Record<Status, string> = { idle: '', copying: '', copied: 'Copied', failed: 'Copy failed' };

/** Fetches the twin and puts it on the clipboard. */
async function copyMarkdown(url: string): Promise<void> {
  const text = fetch(url, { headers: { Accept: 'text/markdown' } }).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.text();
  });
  // Safari grants the clipboard only during the click: hand it the text still on its way.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = text.then((markdown) => new Blob([markdown], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Browsers without promised clipboard items: write the text once it is here.
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * Where the page goes into an assistant, each a plain link: the site sends no request for any of them.
 * - ChatGPT and Claude: a new chat whose prompt names the page's Markdown twin on the public site;
 * * - Cursor and VS Code: their install links for the docs' MCP endpoint (over HTTP), as each documents them:
 *   Cursor's `cursor://anysphere.cursor-deeplink/mcp/install?name=…&config=<base64 of the server's JSON>`,
 *   VS Code's `vscode:mcp/install?<URL-encoded JSON of name, type and url>`.
 */
export function assistantLinks(pathname: string): Array<{ label: string; href: string }> {
  const page = `${brand.siteUrl}${twinPath(pathname)}`;
  const prompt = encodeURIComponent(`Read ${page} so that I can ask you questions about it.`);
  const endpoint = `${brand.siteUrl}${brand.mcp.endpointPath}`;
  const name = brand.mcp.serverName;
  return [
    { label: 'Open in ChatGPT', href: `https://chatgpt.com/?hints=search&q=${prompt}` },
    { label: 'Open in Claude', href: `https://claude.ai/new?q=${prompt}` },
    {
      label: 'Add to Cursor',
      href: `cursor://anysphere.cursor-deeplink/mcp/install?name=${name}&config=${btoa(JSON.stringify({ url: endpoint }))}`,
    },
    { label: 'Add to VS Code', href: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url: endpoint }))}` },
  ];
}

/**
 * "Copy page" and "View as Markdown": the page's Markdown twin (its URL plus
 * `.md`, written at build time by src/plugins/markdown-twins.ts) on the
 * clipboard or in a tab. The twin is fetched on click only; the result is
 * shown and announced (role="status").
 */
export default function CopyPage(): React.JSX.Element {
  const { pathname } = useLocation();
  const href = twinPath(pathname);
  const [state, setState] = useState<{ path: string; status: Status }>({ path: pathname, status: 'idle' });
  // A new page starts afresh.
  const status = state.path === pathname ? state.status : 'idle';

  useEffect(() => {
    if (status !== 'copied' && status !== 'failed') return undefined;
    const timer = window.setTimeout(() => setState({ path: pathname, status: 'idle' }), 4000);
    return () => window.clearTimeout(timer);
  }, [status, pathname]);

  const copy = () => {
    if (status === 'copying') return;
    setState({ path: pathname, status: 'copying' });
    copyMarkdown(href).then(
      () => setState({ path: pathname, status: 'copied' }),
      () => setState({ path: pathname, status: 'failed' }),
    );
  };

  return (
    <div className={styles.actions} data-page-actions="">
      <button type="button" className="button button--sm button--outline button--primary" onClick={copy} title="Copy this page as Markdown">
        Copy page
      </button>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- a file, not a route: client-side routing would show the not-found page */}
      <a className={styles.link} href={href} type="text/markdown">
        View as Markdown
      </a>
      <details className={styles.menu}>
        <summary className={styles.link}>Use with an assistant</summary>
        <ul className={styles.items}>
          {assistantLinks(pathname).map(({ label, href: target }) => (
            <li key={label}>
              {/* eslint-disable-next-line @docusaurus/no-html-links -- another site or an application: no route of this site */}
              <a href={target} {...(target.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <span role="status" className={styles.status}>
        {MESSAGES[status]}
      </span>
    </div>
  );
}
