/**
 * Remark plugin: puts the brand's values (src/brand.ts) into the hand-written code blocks of the pages.
 *
 * A page writes its samples as fenced code blocks, with `${brand.sandboxApiUrl}` where a brand value
 * belongs. Fenced code keeps every character as written. The other way to put a value into code, a
 * template literal inside <CodeBlock>, loses indentation: MDX strips up to two columns (or one tab) of
 * leading whitespace from every continuation line of a JSX expression, so a Go sample's tab-indented
 * body lands at the margin (tests/unit/code-blocks.test.ts refuses <CodeBlock> in the pages for that).
 * A name the brand lacks fails the build.
 */
import { brand } from '../brand';

type Node = { type: string; value?: string; children?: Node[] };

/** `${brand.name}` in a code block: the brand value of that name. */
const BRAND_TOKEN = /\$\{brand\.([A-Za-z]+)\}/g;

/** A code block's text with the brand's values put in; throws on a name the brand lacks. */
function withBrandValues(code: string): string {
  return code.replace(BRAND_TOKEN, (_, key: string) => {
    if (!Object.hasOwn(brand, key)) throw new Error(`remark-brand-code: src/brand.ts has no "${key}" (in \${brand.${key}})`);
    return String(brand[key as keyof typeof brand]);
  });
}

function visit(node: Node, file: { path?: string }): void {
  if (node.type === 'code' && typeof node.value === 'string') {
    try {
      node.value = withBrandValues(node.value);
    } catch (error) {
      throw new Error(`${file.path ?? 'MDX'}: ${(error as Error).message}`);
    }
  }
  for (const child of node.children ?? []) visit(child, file);
}

export default function remarkBrandCode() {
  return (tree: Node, file: { path?: string }) => visit(tree, file);
}
