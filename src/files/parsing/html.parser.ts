/**
 * HTML to Markdown, then blocks by heading like any Markdown.
 *
 * A web page is mostly navigation, banners and footers around the part worth
 * searching; Readability (Firefox's reader view) finds that part, over a linkedom
 * DOM that never runs scripts or fetches anything. A page Readability cannot make
 * sense of (too short, not an article) is read whole instead. Turndown writes the
 * Markdown; its escaping of Markdown characters is turned off because the result is
 * searched, not rendered, and `file\_name` would not match `file_name`.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { BlockCollector } from './block-collector';
import { readMarkdown } from './markdown.parser';

const NOT_CONTENT = ['script', 'style', 'noscript', 'template', 'head', 'svg', 'canvas', 'iframe', 'object'];
/** Page furniture, removed before Readability looks: it never holds what a search is for. */
const FURNITURE = ['nav', 'aside', ...NOT_CONTENT.filter((tag) => tag !== 'head')];

function createTurndown(): TurndownService {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '---',
  });
  turndown.escape = (text: string) => text;
  turndown.remove(NOT_CONTENT as TurndownService.TagName[]);
  // Images keep only their description: a data: URL would flood the text with base64.
  turndown.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = (node as unknown as { getAttribute(name: string): string | null }).getAttribute('alt');
      return alt ? alt.trim() : '';
    },
  });
  // Turndown's core has no tables: keep one row per line, cells apart.
  turndown.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content) => `${content.replace(/\s+/g, ' ').trim()} | `,
  });
  turndown.addRule('tableRow', {
    filter: 'tr',
    replacement: (content) => `\n${content.replace(/ \| $/, '')}`,
  });
  turndown.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  return turndown;
}

const turndown = createTurndown();

/** An HTML fragment (a converted DOCX) in blocks by heading. */
export function readHtmlFragment(html: string, collector: BlockCollector): void {
  readMarkdown(turndown.turndown(html), collector);
}

/** A web page: its main content in blocks by heading; returns its title. */
export function readHtmlPage(html: string, collector: BlockCollector): { title?: string } {
  const page = parsePage(html);
  const pageTitle = clean(page.title);
  deepenHeadings(page);
  const article = new Readability(page as never).parse();
  const title = clean(article?.title) ?? pageTitle;
  // Readability rewrites the DOM as it tries, so a page it gave up on is parsed again.
  const main = article?.content?.trim() ? article.content : (parsePage(html).body?.innerHTML ?? '');
  let markdown = turndown.turndown(main);
  // Readability lifts the page's main heading out as the title: put it back on top, so
  // its words stay searchable and every section hangs under it.
  if (title !== undefined && !/^\s*#/.test(markdown)) markdown = `# ${title}\n\n${markdown}`;
  readMarkdown(markdown, collector);
  return title === undefined ? {} : { title };
}

/**
 * Readability turns every h1 into an h2, flattening an h1 > h2 outline into siblings;
 * moving every heading one level down first keeps the outline (sections only need
 * the relative levels).
 */
function deepenHeadings(document: ReturnType<typeof parsePage>): void {
  for (const heading of [...document.querySelectorAll('h1, h2, h3, h4, h5')].reverse()) {
    const deeper = document.createElement(`h${Number(heading.tagName.slice(1)) + 1}`);
    while (heading.firstChild) deeper.appendChild(heading.firstChild);
    heading.replaceWith(deeper);
  }
}

const clean = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim() || undefined;

function parsePage(html: string) {
  const { document } = parseHTML(html);
  for (const element of document.querySelectorAll(FURNITURE.join(','))) element.remove();
  return document;
}
