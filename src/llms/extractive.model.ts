/**
 * The built-in `extractive` answerer: offline, deterministic, and unable to invent.
 * Its answer is made only of sentences copied from the retrieved fragments, chosen
 * and ordered by relevance to the question, each followed by its citation marker.
 * When no fragment is relevant it says so plainly, and nothing else.
 *
 * A sentence's relevance adds two opinions:
 *  - the retriever's, about the whole fragment (SourceBlock.relevance): the
 *    embedding model is what knows that "money back" means refunds, and a fragment
 *    it rates unrelated (relevance 0) is never quoted;
 *  - a lexical one, about the sentence itself: cosine similarity of hashed words and
 *    character trigrams of the question and the sentence, function words removed,
 *    which picks the sentences of a fragment that speak to the question.
 * The retriever counts twice: it judged meaning, the lexical score only spelling.
 * Sentences within RELATIVE_CUTOFF of the best are kept, at most `maxSentences`.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { HashingVectorizer } from '../embeddings/hashing.provider';
import { ChatEvent, ChatModel, ChatRequest, SourceBlock } from './chat-model';

export const NOTHING_RELEVANT =
  'I found nothing relevant to this question in the knowledge available to this agent.';

export const DEFAULT_MAX_SENTENCES = 4;
const RETRIEVER_WEIGHT = 2;
const RELATIVE_CUTOFF = 0.6;
const VECTOR_SIZE = 1024;

const FUNCTION_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being do does did ' +
    'how what when where why who whom which that this these those i you he she it we they me my your our ' +
    'their his her its them us can could should would may might must will shall has have had not no yes ' +
    'get gets got there here about into over under than then so such too very just also any all some ' +
    'each every please tell know want need'
  ).split(' '),
);

export interface ScoredSentence {
  marker: number;
  text: string;
  score: number;
}

/** Sentences of a fragment: split after . ! ? and at line breaks; list markers and blanks dropped. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const contentWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !FUNCTION_WORDS.has(word))
    .join(' ');

/**
 * How much texts speak to one question, lexically: the cosine similarity (0..1) of
 * their hashed content words and character trigrams. `score` is null for a text with
 * no content word; `empty` says the question has none (nothing can match it).
 */
export class LexicalScorer {
  private readonly vectorizer = new HashingVectorizer(VECTOR_SIZE, { ngram: 3, lowercase: true });
  private readonly question: number[] | null;

  constructor(question: string) {
    const asked = contentWords(question);
    this.question = asked === '' ? null : this.vectorizer.vectorize(asked);
  }

  get empty(): boolean {
    return this.question === null;
  }

  score(text: string): number | null {
    const words = contentWords(text);
    if (words === '' || this.question === null) return null;
    const s = this.vectorizer.vectorize(words);
    let lexical = 0;
    for (let k = 0; k < VECTOR_SIZE; k++) lexical += this.question[k] * s[k];
    return Math.min(1, Math.max(0, lexical));
  }
}

/** Every sentence of every relevant source with its score, best first (ties: source order, then position). */
export function scoreSentences(question: string, sources: SourceBlock[]): ScoredSentence[] {
  const scorer = new LexicalScorer(question);
  if (scorer.empty) return [];
  const scored: ScoredSentence[] = [];
  for (const source of sources) {
    if (!(source.relevance > 0)) continue;
    for (const text of splitSentences(source.text)) {
      const lexical = scorer.score(text);
      if (lexical === null) continue;
      scored.push({ marker: source.marker, text, score: lexical + RETRIEVER_WEIGHT * source.relevance });
    }
  }
  // Array.prototype.sort is stable: equal scores keep source order and position.
  return scored.sort((a, b) => b.score - a.score);
}

/** The sentences of the answer, best first, each once. */
export function chooseSentences(scored: ScoredSentence[], maxSentences: number): ScoredSentence[] {
  if (scored.length === 0) return [];
  const cutoff = scored[0].score * RELATIVE_CUTOFF;
  const seen = new Set<string>();
  const chosen: ScoredSentence[] = [];
  for (const sentence of scored) {
    if (sentence.score < cutoff || chosen.length >= maxSentences) break;
    const key = sentence.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(sentence);
  }
  return chosen;
}

export class ExtractiveModel implements ChatModel {
  readonly provider = 'extractive';
  readonly supportsTools = false;

  constructor(
    readonly modelName: string,
    private readonly maxSentences: number,
  ) {}

  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    const chosen = chooseSentences(scoreSentences(request.question, request.sources), this.maxSentences);
    if (chosen.length === 0) {
      yield { type: 'text', delta: NOTHING_RELEVANT };
      return;
    }
    for (const [i, sentence] of chosen.entries()) {
      // One sentence per event, and a turn of the event loop between them, so a
      // cancel or a disconnect lands between sentences as it would with a real model.
      await yieldToEventLoop();
      request.signal.throwIfAborted();
      yield { type: 'text', delta: `${i === 0 ? '' : ' '}${sentence.text} [${sentence.marker}]` };
    }
  }
}
