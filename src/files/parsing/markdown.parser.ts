/**
 * Markdown in blocks by heading: the text under each heading (the heading line
 * included, it names what follows) becomes one block whose `section` is the path of
 * headings above it. markdown-it finds the headings, so a `#` inside a code fence or
 * a quote is not mistaken for one.
 */
import MarkdownIt from 'markdown-it';
import { BlockCollector } from './block-collector';

const markdownIt = new MarkdownIt({ html: true });
const MAX_TITLE = 200;

interface Heading {
  /** First line of the heading, and the line after it. */
  start: number;
  end: number;
  level: number;
  title: string;
}

export function readMarkdown(markdown: string, collector: BlockCollector): void {
  const source = markdown.replace(/\r\n?/g, '\n');
  const lines = source.split('\n');
  const headings = findHeadings(markdownIt.parse(source, {}));
  collector.add(lines.slice(0, headings[0]?.start ?? lines.length).join('\n'));
  const path: Heading[] = [];
  headings.forEach((heading, i) => {
    while (path.length > 0 && path[path.length - 1].level >= heading.level) path.pop();
    path.push(heading);
    const next = headings[i + 1]?.start ?? lines.length;
    // A heading followed at once by a deeper one names a section, not text of its own.
    if (lines.slice(heading.end, next).join('').trim() === '') return;
    collector.add(lines.slice(heading.start, next).join('\n'), {
      section: path.map((h) => h.title).join(' > '),
    });
  });
}

/** Headings of the top level (not inside lists or quotes) that have a title. */
function findHeadings(tokens: MarkdownIt.Token[]): Heading[] {
  const headings: Heading[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' || token.level !== 0 || !token.map) return;
    const title = inlineText(tokens[i + 1])
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_TITLE);
    if (title === '') return;
    headings.push({ start: token.map[0], end: token.map[1], level: Number(token.tag.slice(1)), title });
  });
  return headings;
}

/** The plain text of an inline token: `**Travel** rules` is `Travel rules`. */
function inlineText(token: MarkdownIt.Token | undefined): string {
  if (!token) return '';
  if (!token.children) return token.content;
  return token.children
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : ''))
    .join('');
}
