/**
 * What an agent turn says to the model and how it reads the answer back.
 *
 * Retrieved fragments go in as numbered blocks (`[1] support-kb · internal` and the
 * text), passages of attached files likewise (`[2] attached file report.pdf, page 3`);
 * the model cites them as `[1]`. The saved answer renumbers the cited blocks
 * 1, 2, ... in order of first citation, so that `[n]` in the stored content is the
 * n-th entry of the message's `citations`. A trailing `Confidence:` line and
 * `Follow-up:` lines, when the model wrote them, become the message's
 * `confidence` and `followUpQuestions` and leave the content.
 */
import { ChatMessage } from '../llms/chat-model';

export interface PromptSource {
  marker: number;
  /** Where the text comes from: `support-kb · internal`, `attached file report.pdf, page 3`. */
  label: string;
  text: string;
}

export interface PromptAgent {
  systemPrompt: string;
  instructions: string | null;
}

export interface PromptContext {
  /** Whether the model may call search_knowledge. */
  tools: boolean;
  /** Who asks, when the agent sends user context. */
  user: string | null;
  timezone: string | null;
  currentTime: string | null;
}

export const CONFIDENCE_LEVELS = ['Very High', 'High', 'Medium', 'Low', 'Unknown'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

export function sourceBlock(source: PromptSource): string {
  return `[${source.marker}] ${source.label}\n${source.text}`;
}

export function sourcesText(sources: PromptSource[]): string {
  return sources.length === 0 ? 'No sources were found.' : sources.map(sourceBlock).join('\n\n');
}

export function systemMessage(agent: PromptAgent, context: PromptContext): ChatMessage {
  const lines = [
    agent.systemPrompt.trim() || 'You are a helpful assistant.',
    ...(agent.instructions?.trim() ? [agent.instructions.trim()] : []),
    '',
    'Answer the question from the numbered sources only. After each statement, cite the source it comes from ' +
      'with its number in square brackets, like [1]. Cite only sources you used. If the sources do not answer ' +
      'the question, say so plainly; never invent facts.',
    ...(context.tools
      ? ['When the sources are not enough, call search_knowledge with a better query before answering.']
      : []),
    'You may end with a line "Confidence: Very High", "High", "Medium" or "Low", and up to three lines ' +
      '"Follow-up: <question>" suggesting what to ask next.',
  ];
  if (context.user) lines.push('', `The user asking is ${context.user}.`);
  if (context.currentTime || context.timezone) {
    lines.push(`The user's time is ${[context.currentTime, context.timezone].filter(Boolean).join(' ')}.`);
  }
  return { role: 'system', content: lines.join('\n') };
}

export function questionMessage(question: string, sources: PromptSource[]): ChatMessage {
  return { role: 'user', content: `Sources:\n${sourcesText(sources)}\n\nQuestion: ${question}` };
}

export interface ParsedAnswer {
  /** The answer without its trailing confidence and follow-up lines, markers renumbered. */
  content: string;
  /** The original markers cited, in order of first citation (their position is their new number - 1). */
  cited: number[];
  confidence: Confidence | null;
  followUps: string[];
}

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
const CONFIDENCE_LINE =
  /^\s*\**\s*confidence\s*\**\s*:\s*\**\s*(very high|high|medium|low|unknown)\s*\**\s*$/i;
const FOLLOW_UP_LINE = /^\s*\**\s*follow[- ]?up(?: question)?\s*(?::\s*\**|\**\s*:)\s*(.+?)\s*$/i;

export function parseAnswer(text: string, known: ReadonlySet<number>): ParsedAnswer {
  let confidence: Confidence | null = null;
  const followUps: string[] = [];
  const kept = text.split('\n').filter((line) => {
    const level = CONFIDENCE_LINE.exec(line);
    if (level) {
      confidence = CONFIDENCE_LEVELS.find((l) => l.toLowerCase() === level[1].toLowerCase()) ?? null;
      return false;
    }
    const followUp = FOLLOW_UP_LINE.exec(line);
    if (followUp) {
      followUps.push(followUp[1]);
      return false;
    }
    return true;
  });
  const cited: number[] = [];
  const content = kept
    .join('\n')
    .trim()
    .replace(CITATION, (whole, list: string) => {
      const markers = list.split(',').map((n) => Number(n.trim()));
      if (!markers.every((m) => known.has(m))) return whole;
      return markers
        .map((m) => {
          if (!cited.includes(m)) cited.push(m);
          return `[${cited.indexOf(m) + 1}]`;
        })
        .join('');
    });
  return { content, cited, confidence, followUps: followUps.slice(0, 3) };
}

/** A conversation's title: its first question on one line, cut at a word near 80 characters. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= 80) return line;
  const cut = line.slice(0, 80);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
