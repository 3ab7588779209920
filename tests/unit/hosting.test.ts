/**
 * The hosts of the build, each started once for all of these (tests/unit/hosting/hosts.ts): what every host
 * does (rules.ts), what nginx does (nginx.ts) and Cloudflare's workerd (cloudflare.ts), and the MCP endpoint
 * at the edge (mcp-edge.ts). The rules themselves are enumerated over the rendered files in deploy.test.ts.
 */
import './hosting/rules';
import './hosting/nginx';
import './hosting/cloudflare';
import './hosting/mcp-edge';
