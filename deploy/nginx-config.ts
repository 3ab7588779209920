/**
 * Makes the folder nginx serves from the build (its files, and a `.gz` beside each compressible one:
 * deploy/precompress.ts) and prints the nginx configuration for it, rendered from deploy/rules.ts:
 *   npm run deploy:nginx -- --build build --root /srv/docs/www --listen 0.0.0.0:8080 --prefix /var/lib/docs-nginx > nginx.conf
 * --root defaults to build-nginx/. build/ itself is left as CDN hosts publish it (no .gz files).
 * (The same DOCSEARCH_* variables as the build give hosted search its connect-src.)
 */
import path from 'node:path';
import { prepareNginxRoot } from './precompress';
import { renderNginx } from './render';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

async function main(): Promise<void> {
  const build = path.resolve(arg('build', 'build'));
  const root = path.resolve(arg('root', 'build-nginx'));
  const { files, compressed } = await prepareNginxRoot(build, root);
  console.error(`${root}: ${files} files from ${build}, ${compressed} with a .gz beside them`);
  process.stdout.write(
    renderNginx({
      root,
      listen: arg('listen', '127.0.0.1:8080'),
      prefix: path.resolve(arg('prefix', '.nginx')),
      mimeTypes: arg('mime-types', '/etc/nginx/mime.types'),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
