/**
 * Strings that tell which code a built script holds, and the built scripts that hold them (read once from
 * build/assets/js): the crawl (crawl.spec.ts) checks what each page loads against them, and api-reference.spec.ts
 * reads a page's scripts for them.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Strings found only in the code that the explorer loads on demand. */
export const EXPLORER_MARKERS = [
  'getLanguageList', // postman-code-generators
  'randomFirstName', // postman-collection's dynamic variables (faker)
  'application/vnd.ms-excel', // the MIME database
];
/** A string of the whole crypto-js library: the operation store needs its SHA-1 only (src/api-reference/browser/crypto-js-sha1.ts). */
export const FULL_CRYPTO_JS_MARKERS = ['RabbitLegacy'];

/** Strings found only in the schema viewer code (its class names). */
export const SCHEMA_VIEWER_MARKERS = ['openapi-schema__', 'openapi-params__'];
/** Strings found only in the explorer, code generator and schema viewer code. */
export const HEAVY_CODE_MARKERS = ['openapi-explorer__', ...EXPLORER_MARKERS, ...SCHEMA_VIEWER_MARKERS];

/** Strings of the built-in search's code: MiniSearch's messages, and DocSearch's modal. */
export const SEARCH_MARKERS = ['MiniSearch: ', 'DocSearch-Modal'];

/** A string of the Mermaid runtime's core: the text of its error diagram (the file that loads the diagram renderers). */
export const MERMAID_MARKERS = ['Syntax error in text'];

const JS_DIR = path.resolve(__dirname, '../../build/assets/js');
let scripts: Array<[string, string]> | undefined;

/** The paths (`/assets/js/...`) of the built scripts that hold any of `markers`. */
export function builtScriptsHolding(markers: readonly string[]): Set<string> {
  scripts ??= fs.readdirSync(JS_DIR).map((f) => [`/assets/js/${f}`, fs.readFileSync(path.join(JS_DIR, f), 'utf8')]);
  return new Set(scripts.filter(([, text]) => markers.some((marker) => text.includes(marker))).map(([file]) => file));
}
