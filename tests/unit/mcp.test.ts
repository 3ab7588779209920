/**
 * The MCP server, as the package ships it, in one process with its servers started once (./mcp/harness.ts):
 * its tools and their answers (./mcp/tools.ts), the pages it reads and searches (./mcp/pages.ts), bad input
 * and the network (./mcp/refusals.ts), its hosted mode (./mcp/http.ts), and its time limits (./mcp/deadlines.ts). The packed package:
 * mcp-package.test.ts.
 */
import { useMcpServer } from './mcp/harness';
import './mcp/tools';
import './mcp/pages';
import './mcp/refusals';
import './mcp/http';
import './mcp/deadlines';

// The last test: which hosts the stdio server reached over the whole run.
useMcpServer().testConnections();
