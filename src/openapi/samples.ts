/**
 * Builds copyable request samples (curl in bash, Go) for an operation of the
 * OpenAPI document: its method, its path with the example path parameters,
 * its required query parameters with their examples, and its example body.
 * Build time only: the guides' <RequestSample> gets the finished strings from
 * the remark plugin, and the API pages' Markdown twins add the same samples.
 */
import type { OperationFacts } from './documentFacts';

/**
 * A path template (`/charges/{id}`) with each path parameter's `{name}` replaced by
 * its value (`valueOf`), URL-encoded. The samples, the MCP server and the tests fill
 * paths with it.
 */
export function fillPath<P extends { name?: unknown; in?: unknown }>(
  template: string,
  parameters: readonly P[],
  valueOf: (parameter: P) => unknown,
): string {
  let path = template;
  for (const parameter of parameters) {
    if (parameter.in === 'path') path = path.replace(`{${String(parameter.name)}}`, encodeURIComponent(String(valueOf(parameter))));
  }
  return path;
}

function urlOf(op: OperationFacts, baseUrl: string): string {
  const path = fillPath(op.path, op.parameters, (p) => p.example ?? `<${p.name}>`);
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(p.example ?? ''))}`);
  return `${baseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

function bodyOf(op: OperationFacts): string | undefined {
  return op.requestExample === undefined ? undefined : JSON.stringify(op.requestExample, null, 2);
}

export function curlSample(op: OperationFacts, baseUrl: string): string {
  const lines = [`curl -X ${op.method} "${urlOf(op, baseUrl)}"`];
  if (!op.public) lines.push(`  -H "Authorization: Bearer $API_TOKEN"`);
  const body = bodyOf(op);
  if (body) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${body.replace(/'/g, `'\\''`)}'`);
  }
  return lines.join(' \\\n');
}

export function goSample(op: OperationFacts, baseUrl: string): string {
  const body = bodyOf(op);
  const imports = ['"fmt"', '"io"', '"net/http"', ...(op.public ? [] : ['"os"']), ...(body ? ['"strings"'] : [])].sort();
  const reader = body ? `strings.NewReader(\`${body}\`)` : 'nil';
  const lines = [
    'package main',
    '',
    'import (',
    ...imports.map((i) => `\t${i}`),
    ')',
    '',
    'func main() {',
    `\treq, err := http.NewRequest(http.Method${op.method[0]}${op.method.slice(1).toLowerCase()}, "${urlOf(op, baseUrl)}", ${reader})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    ...(op.public ? [] : ['\treq.Header.Set("Authorization", "Bearer "+os.Getenv("API_TOKEN"))']),
    ...(body ? ['\treq.Header.Set("Content-Type", "application/json")'] : []),
    '',
    '\tresp, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer resp.Body.Close()',
    '',
    '\tout, err := io.ReadAll(resp.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(resp.Status, string(out))',
    '}',
  ];
  return lines.join('\n');
}

export type RequestSamples = { curl: string; go: string };

/** Both samples of an operation against `baseUrl` (the sandbox in the guides and twins). */
export function requestSamples(op: OperationFacts, baseUrl: string): RequestSamples {
  return { curl: curlSample(op, baseUrl), go: goSample(op, baseUrl) };
}
