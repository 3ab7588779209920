/**
 * Starts the servers of the browser tests (tests/e2e/servers.ts) once for the whole run, as Playwright's
 * globalSetup, and returns the teardown that stops them.
 */
import path from 'node:path';
import { brand } from '../../src/brand';
import { startNginx } from '../../harness/nginx';
import { SERVERS, type ServerName } from './servers';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = await Promise.all(
    Object.entries(SERVERS).map(([name, server]) =>
      startNginx({
        build: path.resolve(server.build),
        probePath: brand.homeRoute,
        port: Number(process.env[SERVERS[name as ServerName].portVariable]),
        env: 'env' in server ? server.env : undefined,
        editConf: 'editConf' in server ? server.editConf : undefined,
        echoStderr: true,
      }),
    ),
  );
  return async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
}
