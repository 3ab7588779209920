/**
 * The search worker's script: a thin shell that runs the built-in search
 * (src/search/workerShell.ts) in the worker's own scope, off the page's main
 * thread. The page starts it from src/search/browserClient.ts.
 */
import { serveSearch, type WorkerScope } from './workerShell';

serveSearch(self as unknown as WorkerScope);
