import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { renderHeadersFile, renderRedirectsFile } from './render';

/**
 * After each build, writes the CDN hosting files (_headers, _redirects) into the
 * build from deploy/rules.ts, with the CSP hashes of the inline scripts that
 * this build emitted. The nginx configuration comes from the same rules
 * (npm run deploy:nginx).
 */
export default function hostingPlugin(): Plugin<void> {
  return {
    name: 'hosting-rules',
    async postBuild({ outDir }) {
      await fs.writeFile(path.join(outDir, '_headers'), renderHeadersFile(outDir));
      await fs.writeFile(path.join(outDir, '_redirects'), renderRedirectsFile(outDir));
    },
  };
}
