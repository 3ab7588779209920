import type { PrismTheme } from 'prism-react-renderer';

/**
 * A light code theme whose every token colour meets WCAG AA (4.5:1) on the
 * code background. prism-react-renderer's own light themes fall short on a
 * few tokens (strings, functions, parameters), which axe reports.
 */
const background = '#f6f8fa';

export const accessibleLightTheme: PrismTheme = {
  plain: { color: '#24292e', backgroundColor: background },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#57606a', fontStyle: 'italic' } },
    { types: ['namespace'], style: { opacity: 0.85 } },
    { types: ['string', 'attr-value', 'char', 'regex', 'url'], style: { color: '#032f62' } },
    { types: ['punctuation', 'operator'], style: { color: '#24292e' } },
    { types: ['entity', 'symbol', 'number', 'boolean', 'constant', 'property', 'variable'], style: { color: '#0550ae' } },
    { types: ['keyword', 'atrule', 'selector', 'important', 'builtin'], style: { color: '#b31d28' } },
    { types: ['function', 'class-name', 'parameter', 'attr-name'], style: { color: '#5a32a3' } },
    { types: ['tag'], style: { color: '#116329' } },
    { types: ['inserted'], style: { color: '#116329', backgroundColor: '#e6ffec' } },
    { types: ['deleted'], style: { color: '#82071e', backgroundColor: '#ffebe9' } },
    { types: ['bold'], style: { fontWeight: 'bold' } },
    { types: ['italic'], style: { fontStyle: 'italic' } },
  ],
};
