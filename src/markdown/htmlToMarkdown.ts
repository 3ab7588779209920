/**
 * Turns a built page (build/**.html) into its Markdown twin: the article as a
 * reader sees it, with every tab panel and collapsed section opened, and none of
 * the page's chrome (navigation, breadcrumbs, table of contents, buttons,
 * pagination). Runs at build time only (src/plugins/markdown-twins.ts).
 *
 * cheerio rewrites the theme's widgets into plain HTML (tabs become labelled
 * sections, code blocks become <pre><code class="language-…">, the API
 * reference's schema trees become nested lists); hast-util-to-mdast and
 * mdast-util-to-markdown (with GFM tables) then write the Markdown.
 */
import * as cheerio from 'cheerio';
import type { AnyNode, Element } from 'cheerio';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { codeSpans, collapseWhitespace } from '../text';
import { PAGE_CHROME, elementsMeet } from '../built/html';
import { hasTwin } from './paths';

type $Root = cheerio.CheerioAPI;
type Selection = cheerio.Cheerio<AnyNode>;

const INLINE = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 'kbd', 'small', 'span', 'strong', 'sub', 'sup', 'time']);

type TwinInput = {
  html: string;
  /** The page's route (`/guides/charges`), for in-page links. */
  route: string;
  /** The site's public origin (brand.siteUrl): links become absolute to it. */
  siteUrl: string;
  /** Adds to the article before conversion (the API reference's operation facts). */
  prepare?: ($: $Root, article: Selection) => void;
};

type Twin = {
  title: string;
  /** The page's meta description, whitespace collapsed. */
  description: string;
  markdown: string;
};

/** The Markdown twin of a built page, or undefined when the page has none (`hasTwin`: the redirects, the search page). */
export function htmlToTwin({ html, route, siteUrl, prepare }: TwinInput): Twin | undefined {
  if (!hasTwin(html)) return undefined;
  const $ = cheerio.load(html);
  const article = $('article').first();
  const description = collapseWhitespace($('meta[name="description"]').attr('content') ?? '');

  article.find(PAGE_CHROME).remove();
  article.find('[hidden]').removeAttr('hidden');
  removeComments(article);
  // What removing the buttons left empty (the explorer's list of languages).
  article
    .find('li')
    .filter((_, li) => !collapseWhitespace($(li).text()) && $(li).find('img').length === 0)
    .remove();
  article
    .find('ul, ol')
    .filter((_, list) => $(list).children().length === 0)
    .remove();
  prepare?.($, article);

  rewriteDocCards($, article);
  rewriteCodeBlocks($, article);
  rewriteMethodEndpoints($, article);
  rewriteTabs($, article);
  rewriteDetails($, article);
  rewriteSchemaItems($, article);
  rewriteAdmonitions($, article);
  rewriteTables($, article);
  absolutizeLinks($, article, route, siteUrl);
  separateInlineSiblings($, article);
  trimEmphasis($, article);

  // The title heads the twin; only it is a level-1 heading.
  const h1 = article.find('h1').first();
  const title = collapseWhitespace(h1.text()) || collapseWhitespace($('title').text().split(' | ')[0] ?? '');
  h1.remove();
  article.find('h1').each((_, el) => void (el.tagName = 'h2'));

  const hast = fromHtml(article.html() ?? '', { fragment: true });
  const mdast = toMdast(hast);
  const markdown = toMarkdown(mdast, {
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    bullet: '-',
    fence: '`',
    fences: true,
    emphasis: '_',
    rule: '-',
    listItemIndent: 'one',
  });
  return { title, description, markdown: `# ${title}\n\n${tidy(markdown)}\n` };
}

/** Fewer blank lines, no trailing spaces. */
function tidy(markdown: string): string {
  return markdown
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The cards of a category page (an icon, a title, a description) -> a list of links with their descriptions. */
function rewriteDocCards($: $Root, root: Selection): void {
  root.find('a.card[href]').each((_, card) => {
    const $card = $(card);
    const title = collapseWhitespace($card.find('h2, h3').first().text()).replace(/^[\p{Extended_Pictographic}\uFE0F\s]+/u, '');
    const description = collapseWhitespace($card.find('p').first().text());
    const item = $('<li>').append(
      $('<a>')
        .attr('href', $card.attr('href') ?? '')
        .text(title),
    );
    if (description) {
      item.append(': ');
      // Descriptions are plain text with Markdown code spans.
      for (const part of codeSpans(description)) item.append(part.code ? $('<code>').text(part.text) : $('<span>').text(part.text));
    }
    const column = $card.parent('article');
    (column.length ? column : $card).replaceWith(item);
  });
}

/** Prism code blocks (one element per line, a copy button, a title) -> <pre><code class="language-…">. */
function rewriteCodeBlocks($: $Root, root: Selection): void {
  root.find('pre').each((_, pre) => {
    const $pre = $(pre);
    if ($pre.hasClass('openapi__method-endpoint')) return;
    const container = $pre.closest('.theme-code-block');
    const holder = container.length ? container : $pre;
    const classes = `${holder.attr('class') ?? ''} ${$pre.attr('class') ?? ''} ${$pre.find('code').attr('class') ?? ''}`;
    const language = /(?:^|\s)language-([\w+#-]+)/.exec(classes)?.[1];
    const lines = $pre.find('.token-line');
    const text = lines.length
      ? lines
          .map((__, line) => $(line).text().replace(/\n$/, ''))
          .get()
          .join('\n')
      : $pre.text();
    const title = collapseWhitespace(holder.find('[class*="codeBlockTitle"]').first().text());
    const code = $('<code>').text(text.replace(/\n+$/, ''));
    if (language) code.addClass(`language-${language}`);
    const replacement = $('<pre>').append(code);
    holder.replaceWith(title ? [...$('<p>').append($('<em>').text(title)).toArray(), ...replacement.toArray()] : replacement);
  });
}

/** The API reference's "POST /charges" line (a badge and a heading in a <pre>) -> a code span. */
function rewriteMethodEndpoints($: $Root, root: Selection): void {
  root.find('pre.openapi__method-endpoint').each((_, pre) => {
    const $pre = $(pre);
    const method = collapseWhitespace($pre.find('.badge').text()).toUpperCase();
    const path = collapseWhitespace($pre.find('.openapi__method-endpoint-path').text());
    $pre.replaceWith($('<p class="twin-endpoint">').append($('<code>').text(`${method} ${path}`.trim())));
  });
}

/**
 * Tabs (Docusaurus <Tabs> and the API reference's MIME, schema, example,
 * discriminator and response tabs) -> each panel after its label, all panels
 * kept. Response status tabs become level-3 headings.
 */
function rewriteTabs($: $Root, root: Selection): void {
  for (const list of root.find('ul[role="tablist"]').toArray()) {
    const $list = $(list);
    const tabs = $list.children('[role="tab"]').toArray();
    // The panels follow the tab list or one of its ancestors: as siblings, or as the children of a sibling.
    let panels: Element[] = [];
    for (let node: Selection = $list; node.length && !node.is('article') && panels.length === 0; node = node.parent()) {
      const after = node.nextAll();
      panels = after.filter('[role="tabpanel"]').toArray();
      if (panels.length === 0) {
        const holder = after.filter((__, el) => $(el).children('[role="tabpanel"]').length > 0).first();
        panels = holder.children('[role="tabpanel"]').toArray();
      }
    }
    if (panels.length === 0) continue;
    const labels = tabs.map((tab) => collapseWhitespace($(tab).text()));
    if (panels.length === tabs.length) {
      tabs.forEach((tab, i) => {
        const panel = $(panels[i]);
        // A label that the panel repeats as its summary (a "Body" tab over a "Body" section) is left out.
        const first = panel.children().first();
        if (first.is('details') && collapseWhitespace(first.children('summary').text()).startsWith(labels[i])) return;
        const label = $(tab).hasClass('openapi-tabs__response-code-item')
          ? $('<h3>').text(labels[i])
          : $('<p>').append($('<strong>').text(labels[i]));
        panel.before(label);
      });
    } else {
      // Only the chosen panel is rendered (the alternatives of an anyOf): name them all, then show it.
      const names = $('<p>');
      labels.forEach((label, i) => names.append(i > 0 ? ' or ' : '', $('<code>').text(label)));
      $(panels[0]).before(names);
    }
    for (const panel of panels) $(panel).replaceWith($(panel).contents());
    // Drop the tab list and the wrappers it leaves empty.
    let parent = $list.parent();
    $list.remove();
    while (parent.length && !parent.is('article') && parent.children().length === 0 && !collapseWhitespace(parent.text())) {
      const next = parent.parent();
      parent.remove();
      parent = next;
    }
  }
}

/** <details> -> its summary as a paragraph (or heading), then its content: collapsed content is content. */
function rewriteDetails($: $Root, root: Selection): void {
  // Innermost first, so that each summary is rewritten before its parent is unwrapped.
  for (const details of root.find('details').toArray().reverse()) {
    const $details = $(details);
    const summary = $details.children('summary').first();
    if (summary.length) {
      const heading = summary.children('h1, h2, h3, h4, h5, h6');
      summary.replaceWith(heading.length ? heading : $('<p>').append(summary.contents()));
    }
    $details.replaceWith($details.contents());
  }
}

/**
 * The API reference's schema trees: each property (name, type, flags,
 * description, rules, nested properties) -> a list item whose first line is
 * "**`name`** `type` required".
 */
function rewriteSchemaItems($: $Root, root: Selection): void {
  root.find('.openapi-schema__container').each((_, container) => {
    const $container = $(container);
    const line = $('<p>');
    $container.children().each((__, part) => {
      const $part = $(part);
      const text = collapseWhitespace($part.text());
      if (!text || $part.hasClass('openapi-schema__divider')) return;
      if ($part.hasClass('openapi-schema__property')) line.append($('<strong>').append($('<code>').text(text)));
      else if ($part.is('.openapi-schema__name, .openapi-schema__type')) line.append(' ', $('<code>').text(text));
      else line.append(' ', $('<em>').text(text));
    });
    $container.replaceWith(line);
  });
  root.find('.openapi-schema__list-item').each((_, item) => void (item.tagName = 'li'));
  // The "Array [" and "]" rows around an array's item properties: the type (`object[]`) already says it.
  root
    .find('li')
    .filter((_, item) => /^(Array \[|\])$/.test(collapseWhitespace($(item).text())))
    .remove();
  // A list item belongs in a list; runs of loose items become one.
  root.find('li').each((_, item) => {
    const $item = $(item);
    if ($item.parent().is('ul, ol')) return;
    const run = [item];
    for (let next = item.nextSibling; next; next = next.nextSibling) {
      if (next.type === 'text' && !next.data.trim()) continue;
      if (next.type === 'tag' && next.tagName === 'li') run.push(next);
      else break;
    }
    $item.before('<ul class="twin-list"></ul>');
    $item.prev().append(run);
  });
  // Lists whose children are not items (the schema viewer wraps some in divs) hold items only.
  root.find('ul, ol').each((_, list) => {
    $(list)
      .children(':not(li)')
      .each((__, child) => void $(child).replaceWith($('<li>').append($(child).contents())));
  });
}

/** Admonitions -> a quote that starts with its label. */
function rewriteAdmonitions($: $Root, root: Selection): void {
  root.find('.theme-admonition').each((_, box) => {
    const $box = $(box);
    const label = collapseWhitespace($box.find('[class*="admonitionHeading"]').first().text());
    const content = $box.find('[class*="admonitionContent"]').first();
    const quote = $('<blockquote>');
    if (label) quote.append($('<p>').append($('<strong>').text(label.charAt(0).toUpperCase() + label.slice(1))));
    quote.append(content.length ? content.contents() : $box.contents());
    $box.replaceWith(quote);
  });
}

/** A table's caption -> a paragraph before it (GFM tables have no captions); one line per cell. */
function rewriteTables($: $Root, root: Selection): void {
  root.find('table').each((_, table) => {
    const $table = $(table);
    const caption = $table.children('caption');
    if (caption.length) {
      $table.before($('<p>').append($('<strong>').append(caption.contents())));
      caption.remove();
    }
    $table.find('td br, th br').replaceWith(' ');
    // Blocks inside a cell would end the row: keep their text on one line.
    $table.find('td p, th p, td div, th div').each((__, block) => {
      const inline = $('<span>').append($(block).contents());
      $(block).replaceWith(inline);
      inline.after(' ');
    });
  });
}

/** Links and images point at the public site, absolute. */
function absolutizeLinks($: $Root, root: Selection, route: string, siteUrl: string): void {
  const base = new URL(route, siteUrl.replace(/\/$/, '') + '/');
  const absolute = (href: string) => {
    try {
      return new URL(href, base).href;
    } catch {
      return href;
    }
  };
  root.find('a[href]').each((_, a) => {
    const $a = $(a);
    if (!collapseWhitespace($a.text()) && $a.find('img').length === 0) {
      $a.remove();
      return;
    }
    $a.attr('href', absolute($a.attr('href') ?? ''));
  });
  root.find('img[src]').each((_, img) => void $(img).attr('src', absolute($(img).attr('src') ?? '')));
}

/** React's `<!-- -->` text separators. */
function removeComments(root: Selection): void {
  root
    .find('*')
    .addBack()
    .contents()
    .filter((_, node) => node.type === 'comment')
    .remove();
}

/** Spaces at the edges of bold or italic text move outside it (Markdown cannot end `**` on a space). */
function trimEmphasis($: $Root, root: Selection): void {
  root.find('strong, b, em, i').each((_, el) => {
    const $el = $(el);
    const first = el.children[0];
    const last = el.children[el.children.length - 1];
    if (first?.type === 'text' && /^\s/.test(first.data)) {
      first.data = first.data.replace(/^\s+/, '');
      $el.before(' ');
    }
    if (last?.type === 'text' && /\s$/.test(last.data)) {
      last.data = last.data.replace(/\s+$/, '');
      $el.after(' ');
    }
  });
}

/** Inline elements that CSS sets apart (a field name and its "required" badge) get a space between them. */
function separateInlineSiblings($: $Root, root: Selection): void {
  root.find('*').each((_, el) => {
    if (el.type !== 'tag' || !INLINE.has(el.tagName) || $(el).closest('pre').length) return;
    const prev = el.prev;
    if (elementsMeet(prev, el) && INLINE.has(prev.tagName)) $(el).before(' ');
    // Badges ("required", "deprecated") set apart from the text before them.
    else if (prev && prev.type === 'text' && /\S$/.test(prev.data) && /required|deprecated|nullable/.test($(el).attr('class') ?? ''))
      $(el).before(' ');
  });
}
