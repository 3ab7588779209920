/** How far apart two words are: the search's typos (src/search/engine.ts) and the MCP server's "did you mean" (mcp/openapi.ts). */

/** The three rows editDistance works in, kept between calls: it runs for every indexed word a query word may match. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** Edit distance with a swap of two neighbouring letters as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const n = b.length + 1;
  if (rows[0].length < n) rows = rows.map(() => new Int32Array(2 * n));
  // The row two above (for a swap), the row above, and the row being filled.
  let [before, above, row] = rows;
  for (let j = 0; j < n; j++) above[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j < n; j++) {
      let d = Math.min(above[j] + 1, row[j - 1] + 1, above[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
    }
    const done = before;
    before = above;
    above = row;
    row = done;
  }
  return above[n - 1];
}
