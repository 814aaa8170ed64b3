/**
 * Gathers a file's text blocks in order, tidying each one and enforcing the limit on
 * characters as the text grows, so a parser stops as soon as a file proves too big.
 */
import { BlockMetadata, FileRejected, TextBlock } from './parsed-file';

// Control characters other than tab and newline: PostgreSQL refuses NUL in text, and
// none of them means anything to a search.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** Unix newlines, no control characters, no trailing spaces, at most one blank line in a row. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t\u00A0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export class BlockCollector {
  private readonly blocks: TextBlock[] = [];
  private characters = 0;

  constructor(private readonly maxCharacters: number) {}

  add(text: string, metadata: BlockMetadata = {}): void {
    const tidy = tidyText(text);
    if (tidy === '') return;
    this.ensureRoom(tidy.length);
    this.characters += tidy.length;
    this.blocks.push({ text: tidy, metadata });
  }

  /** Throws when `characters` more would pass the limit: for parsers that build a long block. */
  ensureRoom(characters: number): void {
    if (this.characters + characters > this.maxCharacters) {
      throw new FileRejected(
        `it holds more than ${this.maxCharacters} characters of text, the most one file may hold`,
      );
    }
  }

  /** The blocks; a file without any text is refused with `emptyReason`. */
  finish(emptyReason = 'it contains no text'): { blocks: TextBlock[]; characters: number } {
    if (this.blocks.length === 0) throw new FileRejected(emptyReason);
    return { blocks: this.blocks, characters: this.characters };
  }
}
