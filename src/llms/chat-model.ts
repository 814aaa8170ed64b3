/**
 * What an agent turn asks of an LLM, whatever answers it: a conversation of
 * messages, the question, the retrieved fragments as numbered sources, and the
 * tools the model may call. The answer streams back as events.
 *
 * Providers fail with DomainErrors the turn can report as the agents API asks:
 * PayloadTooLarge (the request is larger than the model accepts), ContentFiltered,
 * RateLimited, FailedDependency (the model cannot be used at all: wrong key,
 * unknown model) and Upstream (unreachable, timed out, broken answer).
 */
import { DomainError, ErrorCode } from '../common/errors';
import { LlmErrorReason } from './llm-errors';

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: a JSON text. */
  arguments: string;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** On an assistant message: the tools it called. */
  toolCalls?: ToolCall[];
  /** On a tool message: the call it answers. */
  toolCallId?: string;
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/** One retrieved fragment as the model sees it: `[marker]` in the prompt. */
export interface SourceBlock {
  marker: number;
  text: string;
  /** How close the retriever found it to the question, 0 (unrelated) to 1. */
  relevance: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** The user's question of this turn (also the last user message). */
  question: string;
  /** Every source the messages mention, in marker order. */
  sources: SourceBlock[];
  /** Tools the model may call now; empty when it must answer. */
  tools: ToolSpec[];
  signal: AbortSignal;
}

export type ChatEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_calls'; calls: ToolCall[] }
  | { type: 'usage'; inputTokens: number; outputTokens: number };

export interface ChatModel {
  /** The provider key (`openai`, `extractive`) and the model name, for metrics and modelInfo. */
  readonly provider: string;
  readonly modelName: string;
  /** Whether the model may be offered tools (the turn then lets it search again). */
  readonly supportsTools: boolean;
  stream(request: ChatRequest): AsyncIterable<ChatEvent>;
}

/**
 * What a failure says about the model's endpoint: one text for every key, or `text`
 * without its address and `admin` with it (admin keys see the latter).
 */
export type FailureDetail = string | { text: string; admin: string };

function llmError(
  reason: LlmErrorReason,
  code: ErrorCode,
  prefix: string,
  detail: FailureDetail,
): DomainError {
  if (typeof detail === 'string') return new DomainError(reason, code, `${prefix}${detail}`);
  return new DomainError(reason, code, `${prefix}${detail.text}`, undefined, {
    adminMessage: `${prefix}${detail.admin}`,
  });
}

export const llmErrors = {
  tooLarge: (detail: FailureDetail) =>
    llmError(
      LlmErrorReason.TooLarge,
      ErrorCode.PayloadTooLarge,
      'The request is larger than the selected model accepts: ',
      detail,
    ),
  contentFiltered: () =>
    new DomainError(
      LlmErrorReason.ContentFiltered,
      ErrorCode.ContentFiltered,
      "The model provider's content filter blocked the request.",
    ),
  rateLimited: (detail: FailureDetail) =>
    llmError(
      LlmErrorReason.RateLimited,
      ErrorCode.RateLimited,
      'The model provider is rate limiting or out of quota: ',
      detail,
    ),
  unusable: (detail: FailureDetail) =>
    llmError(LlmErrorReason.Unusable, ErrorCode.FailedDependency, 'No usable LLM: ', detail),
  failed: (detail: FailureDetail) =>
    llmError(LlmErrorReason.Failed, ErrorCode.Upstream, 'The model failed to answer: ', detail),
};
