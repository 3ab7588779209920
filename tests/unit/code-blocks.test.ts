/**
 * Hand-written code is shown as written. Every fenced code block of the pages (docs/, help-center/,
 * reference/) appears in the built page character for character, with the brand's values (src/brand.ts)
 * put in where the source writes `${brand.<name>}`; and no page uses a template literal inside
 * <CodeBlock>, whose continuation lines MDX strips of up to two columns (or a tab) of indentation.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as cheerio from 'cheerio';
import { brand } from '../../src/brand';
import { fileOfRoute } from '../../src/built/pages';
import { sourcePages } from '../../src/sourcePages';
import { assertBuilt, BUILD_DIR } from './build-output';

type Fence = { language: string; code: string };

/**
 * The fenced code blocks of a Markdown text, read by CommonMark's rule: a fence of three or more
 * backticks, closed by one at least as long; each content line loses up to the opening fence's indentation.
 */
function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^( {0,3})(`{3,})([^`\s]*)[^`]*$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, ticks, language] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^ {0,3}\`{${ticks.length},}\\s*$`).test(lines[j]); j += 1) {
      body.push(lines[j].replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    found.push({ language, code: body.join('\n') });
    i = j;
  }
  return found;
}

/** `${brand.name}` -> the brand's value, as a reader sees it. */
const branded = (code: string) => code.replace(/\$\{brand\.([A-Za-z]+)\}/g, (_, key: string) => String(brand[key as keyof typeof brand]));

/** The text of every code block of a built page, lines joined as the reader copies them. */
function builtCode(html: string): string[] {
  const $ = cheerio.load(html);
  return $('article pre code')
    .map((_, el) => {
      $(el).find('br').replaceWith('\n');
      return $(el).text().replace(/\n$/, '');
    })
    .get();
}

describe('hand-written code blocks', () => {
  test('no page puts code in a template literal inside <CodeBlock> (MDX strips its indentation)', () => {
    const offenders = sourcePages()
      .filter((page) => /<CodeBlock\b/.test(page.text))
      .map((page) => page.file);
    assert.deepEqual(offenders, [], 'write hand-written code as a fenced code block; ${brand.<name>} puts in a brand value');
  });

  test('the fence reader keeps indentation (test of the test)', () => {
    const [go] = fences('Intro\n\n```go\nimport (\n\t"fmt"\n)\n```\n');
    assert.deepEqual(go, { language: 'go', code: 'import (\n\t"fmt"\n)' });
    const [nested] = fences('1. Step\n\n   ```bash\n   curl \\\n     -H x\n   ```\n');
    assert.equal(nested.code, 'curl \\\n  -H x');
  });

  test('every fenced code block appears in its built page as written, with the brand values put in', () => {
    assertBuilt();
    let checked = 0;
    const problems: string[] = [];
    for (const page of sourcePages()) {
      const blocks = fences(page.text).filter((f) => f.language !== 'mermaid');
      if (blocks.length === 0) continue;
      const file = fileOfRoute(BUILD_DIR, page.route);
      assert.ok(file, `${page.route} (${page.file}) is built`);
      const built = builtCode(fs.readFileSync(file, 'utf8'));
      for (const block of blocks) {
        checked += 1;
        const expected = branded(block.code);
        if (expected.includes('${brand.')) problems.push(`${page.file}: a \${brand.…} name the brand lacks`);
        else if (!built.includes(expected))
          problems.push(`${page.file}: a ${block.language || 'plain'} block is not shown as written:\n${expected}`);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(checked >= 8, `only ${checked} code blocks checked (the pages have 9)`);
  });
});
