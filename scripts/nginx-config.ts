/**
 * Prints the nginx configuration for build/, rendered from deploy/rules.ts.
 *   npm run deploy:nginx -- --root /srv/docs/build --listen 0.0.0.0:8080 --prefix /var/lib/docs-nginx > nginx.conf
 * (The same DOCSEARCH_* variables as the build give hosted search its connect-src.)
 */
import path from 'node:path';
import { renderNginx } from '../deploy/render';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

process.stdout.write(
  renderNginx({
    root: path.resolve(arg('root', 'build')),
    listen: arg('listen', '127.0.0.1:8080'),
    prefix: path.resolve(arg('prefix', '.nginx')),
    mimeTypes: arg('mime-types', '/etc/nginx/mime.types'),
  }),
);
