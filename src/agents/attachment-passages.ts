/**
 * What of an attached file a turn gives the model. A file can hold far more text than
 * a prompt: its text is cut into passages once, when it is uploaded, and each turn
 * gives the model the passages that speak to its question, as numbered sources it
 * cites like fragments.
 *
 * Choosing: passages are scored lexically against the question (LexicalScorer, the
 * extractive model's own measure); each attached file gets its best passage, so a
 * question about two files sees both, and the best of the rest fill up to `k`. When
 * nothing matches ("summarise this"), a file gives its opening passages instead, with
 * a small relevance so that a model still reads them as relevant.
 */
import { splitText } from '../catalogue/text-splitting';
import { TextBlock } from '../files/parsing/parsed-file';
import { LexicalScorer } from '../llms/extractive.model';

export interface Passage {
  text: string;
  /** Where in the file: a 1-based PDF page, a sheet, the heading path above it. */
  page?: number;
  sheet?: string;
  section?: string;
}

export interface ChosenPassage {
  /** Which of the given files. */
  file: number;
  /** Its position in that file's passages (the citation's chunk index). */
  index: number;
  passage: Passage;
  relevance: number;
}

const PASSAGE_CHARACTERS = 1000;
const PASSAGE_OVERLAP = 100;
/** Below this, a lexical score is the noise of hashed trigrams, not a match. */
const MIN_MATCH = 0.1;
/** The relevance of an opening passage given when nothing in the files matches the question. */
export const OPENING_RELEVANCE = 0.1;

/** A file's blocks as passages of about a thousand characters, in file order, each knowing where it came from. */
export function passagesOf(blocks: TextBlock[]): Passage[] {
  return blocks.flatMap((block) =>
    splitText(
      'recursive_character',
      { chunk_size: PASSAGE_CHARACTERS, chunk_overlap: PASSAGE_OVERLAP },
      block.text,
    ).map((text) => ({ text, ...block.metadata })),
  );
}

/** At most max(k, files) passages of these files for `question`, the most relevant first. */
export function choosePassages(question: string, files: Passage[][], k: number): ChosenPassage[] {
  const scorer = new LexicalScorer(question);
  const scored = files.flatMap((passages, file) =>
    passages.map((passage, index) => ({ file, index, passage, relevance: scorer.score(passage.text) ?? 0 })),
  );
  const matching = scored.filter((p) => p.relevance >= MIN_MATCH).sort((a, b) => b.relevance - a.relevance);
  const chosen: ChosenPassage[] = [];
  const take = (p: ChosenPassage) => {
    if (!chosen.some((c) => c.file === p.file && c.index === p.index)) chosen.push(p);
  };
  for (const [file, passages] of files.entries()) {
    const best = matching.find((p) => p.file === file);
    if (best) take(best);
    else if (passages.length > 0)
      take({ file, index: 0, passage: passages[0], relevance: OPENING_RELEVANCE });
  }
  for (const p of matching) if (chosen.length < k) take(p);
  if (matching.length === 0) {
    // Nothing matches: the openings of the files, in turn, up to k.
    for (let index = 1; chosen.length < k; index++) {
      const before = chosen.length;
      for (const [file, passages] of files.entries()) {
        if (index < passages.length && chosen.length < k)
          take({ file, index, passage: passages[index], relevance: OPENING_RELEVANCE });
      }
      if (chosen.length === before) break;
    }
  }
  return chosen.sort((a, b) => b.relevance - a.relevance);
}
