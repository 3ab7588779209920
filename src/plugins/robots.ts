import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** Writes robots.txt at build: the site is indexable, and the sitemap URL comes from the site config. */
export default function robotsPlugin(): Plugin<void> {
  return {
    name: 'robots-txt',
    async postBuild({ outDir, siteConfig }) {
      const sitemap = new URL(`${siteConfig.baseUrl}sitemap.xml`, siteConfig.url).href;
      const body = `User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`;
      await fs.writeFile(path.join(outDir, 'robots.txt'), body);
    },
  };
}
