// Compiles MDX files (syntax only: no build, no components run). Usage: node scripts/check-mdx.mjs <file.mdx>...
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import fs from 'node:fs';

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    await compile(fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''), { remarkPlugins: [remarkGfm] });
  } catch (error) {
    failed += 1;
    console.error(`${file}: ${error.message}`);
  }
}
console.log(failed ? `${failed} file(s) failed` : 'all compiled');
process.exit(failed ? 1 : 0);
