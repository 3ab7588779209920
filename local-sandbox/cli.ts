/**
 * Starts the local sandbox: a mock of the merchant API v2.0 on a loopback
 * port, answering every call of openapi/v2.0.yaml with its documented example
 * (local-sandbox/server.ts). Ctrl+C stops it.
 *
 *   npm run local-sandbox                  # http://127.0.0.1:4010/v2.0 (brand.localSandboxApiUrl)
 *   npm run local-sandbox -- --port 4011   # another port (the API Reference offers 4010 only)
 */
import { brand } from '../src/brand';
import { OPENAPI_FILE, OPENAPI_PATH } from '../src/openapi/document';
import { createSandbox } from './server';

function portArgument(fallback: number): number {
  const i = process.argv.indexOf('--port');
  if (i < 0) return fallback;
  const port = Number(process.argv[i + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port takes a port number, got ${process.argv[i + 1] ?? 'nothing'}`);
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const base = new URL(brand.localSandboxApiUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  const port = portArgument(Number(base.port));
  const quiet = process.argv.includes('--quiet');
  const server = await createSandbox({
    documentPath: OPENAPI_PATH,
    basePath,
    onRequest: quiet ? undefined : (line) => console.log(line),
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${port} on ${base.hostname} is in use: stop what listens there, or start with --port <another port>.`
        : `The sandbox could not start: ${error.message}`,
    );
    process.exit(1);
  });
  server.listen(port, base.hostname, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    console.log(`Local sandbox of the merchant API ${brand.apiVersionLabel}, answering from openapi/${OPENAPI_FILE}`);
    console.log(`Listening on http://${base.hostname}:${actualPort}${basePath}`);
    console.log('Any bearer token is accepted. Press Ctrl+C to stop.');
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      console.log('Sandbox stopped.');
      process.exit(0);
    });
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
