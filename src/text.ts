/**
 * Small text helpers shared by the build (twins, llms.txt), the components and
 * the search client: one HTML escaper, one regular-expression escaper, one
 * whitespace cleaner and one splitter of the inline Markdown the OpenAPI
 * document writes in descriptions (`code` spans only). No Node imports: it also
 * runs in the browser.
 */

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe to put into HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);

/** Text that a regular expression matches as it is: its special characters escaped (`a.b` -> `a\.b`). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs of whitespace (line breaks and zero-width spaces included) as one space, without leading or trailing space. */
export const collapseWhitespace = (text: string): string => text.replace(/[\s\u200b]+/g, ' ').trim();

/** Inline Markdown with `code` spans as parts: `Use \`otp\` here` -> text "Use ", code "otp", text " here". */
export function codeSpans(markdown: string): Array<{ text: string; code: boolean }> {
  return markdown
    .split(/`([^`]+)`/)
    .map((text, i) => ({ text, code: i % 2 === 1 }))
    .filter((part) => part.code || part.text !== '');
}

/**
 * The rules of a field or parameter (`at least 0`, `default \`25\``) as one sentence of their own, so
 * that, shown after a description, they do not run on after its full stop: `At least 0; default \`25\`.`,
 * `From 1 to 255 characters.`
 */
export function rulesSentence(rules: readonly string[]): string {
  const text = rules.join('; ');
  if (!text) return '';
  // A range opens the sentence as words do: `From 1 to 100.`
  return /^\d/.test(text) ? `From ${text}.` : `${text[0].toUpperCase()}${text.slice(1)}.`;
}
