/**
 * Server HTML kept in the browser: the one home of the trick that spares the
 * browser re-rendering what the build already rendered (src/theme/Markdown for
 * the API descriptions, src/theme/CodeBlock/Content for highlighted code).
 *
 * A component marks its output with a class and a fingerprint of its input
 * (`data-source`). When the browser renders it while that output is already
 * in the page (the server's HTML during hydration, or the instance being
 * replaced when Docusaurus's tabs remount their content right after it), the
 * component takes that HTML back instead of rendering again: React keeps the
 * children of an element rendered with `dangerouslySetInnerHTML` as they are
 * while hydrating, and sets them only on a fresh mount.
 */

/** A short fingerprint of a component's input, stored with its rendered HTML. */
export function fingerprint(source = ''): string {
  let hash = 5381;
  for (let i = 0; i < source.length; i += 1) hash = ((hash << 5) + hash + source.charCodeAt(i)) | 0;
  return `${source.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}

/**
 * The HTML of the element with this class and fingerprint already in the page,
 * or undefined (on the server, or when there is none: render as usual).
 */
export function keptHtml(className: string, source: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`.${className}[data-kept][data-source="${source}"]`)?.innerHTML;
}
