/**
 * The `openai` provider: any OpenAI-compatible chat-completions endpoint (OpenAI,
 * Ollama, vLLM, LM Studio, llama.cpp server, LiteLLM), through the official
 * `openai` client.
 *
 * The client retries what is worth retrying (429, 408, 409, 5xx, dropped
 * connections) with exponential backoff, honouring `Retry-After`, before any token
 * arrives; once an answer streams, nothing is retried: the user has seen part of
 * it. Its timeout bounds each attempt until the answer starts; ours bounds every
 * silence while it streams, so a server that stalls mid-answer fails instead of
 * holding the turn forever.
 *
 * The API key goes to the endpoint and nowhere else: the client's own logging is
 * off, and every message we make from an error is scrubbed of it.
 */
import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { DomainError } from '../common/errors';
import { withoutAddress } from '../common/base-url';
import {
  ChatEvent,
  ChatMessage,
  ChatModel,
  ChatRequest,
  FailureDetail,
  llmErrors,
  ToolCall,
  ToolSpec,
} from './chat-model';

export interface OpenAiModelConfig {
  endpoint: string;
  model: string;
  apiKey: string | null;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  /** Offer tools to the model (most chat models support them; some small local ones do not). */
  tools: boolean;
  timeoutMs: number;
  maxRetries: number;
}

/** Raised inside the stream when the endpoint went silent for too long; mapped to a timeout failure. */
class StreamStalled extends Error {}

export class OpenAiChatModel implements ChatModel {
  readonly provider = 'openai';
  readonly modelName: string;
  readonly supportsTools: boolean;
  private readonly client: OpenAI;

  constructor(private readonly config: OpenAiModelConfig) {
    this.modelName = config.model;
    this.supportsTools = config.tools;
    this.client = new OpenAI({
      baseURL: config.endpoint,
      // Ollama and most local servers need no key; the client insists on one.
      apiKey: config.apiKey ?? 'no-key',
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
      logLevel: 'off',
    });
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    const idle = new AbortController();
    const signal = AbortSignal.any([request.signal, idle.signal]);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new StreamStalled()), this.config.timeoutMs);
    };
    const calls = new Map<number, ToolCall>();
    let streaming = false;
    try {
      // Until the answer starts, the client's per-attempt timeout and retries apply.
      const stream = await this.client.chat.completions.create(this.body(request), { signal });
      streaming = true;
      arm();
      let finished = false;
      for await (const chunk of stream) {
        // The silence that counts is the endpoint's: not the time the turn spends on a chunk
        // (waiting for a slow reader of its stream, say).
        clearTimeout(timer);
        yield* this.eventsOf(chunk, calls);
        finished ||= Boolean(chunk.choices?.[0]?.finish_reason);
        arm();
      }
      // The client ends a stream quietly when it is aborted or the connection drops;
      // only a finish reason says the answer is complete.
      if (request.signal.aborted) throw request.signal.reason;
      if (idle.signal.aborted) throw idle.signal.reason;
      if (!finished)
        throw llmErrors.failed(this.said((who) => `${who} stopped before the answer was complete`));
      if (calls.size > 0) {
        // Some local servers leave the id out; the turn needs one to pair the result with the call.
        const named = [...calls.entries()].map(([index, call]) => ({
          ...call,
          id: call.id || `call_${index}`,
        }));
        yield { type: 'tool_calls', calls: named };
      }
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      if (
        streaming &&
        !(error instanceof DomainError) &&
        !idle.signal.aborted &&
        !(error instanceof OpenAI.APIError)
      ) {
        // The answer had started: the connection broke (undici says "terminated").
        const reason = String((error as Error).message ?? error);
        throw llmErrors.failed(this.said((who) => `${who} broke off the answer (${reason})`));
      }
      throw this.toDomainError(idle.signal.aborted ? idle.signal.reason : error);
    } finally {
      clearTimeout(timer);
    }
  }

  private body(request: ChatRequest): ChatCompletionCreateParamsStreaming {
    return {
      model: this.config.model,
      messages: request.messages.map(toOpenAiMessage),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.tools.length > 0 && this.supportsTools ? { tools: request.tools.map(toOpenAiTool) } : {}),
      ...(this.config.temperature !== undefined ? { temperature: this.config.temperature } : {}),
      ...(this.config.topP !== undefined ? { top_p: this.config.topP } : {}),
      ...(this.config.maxTokens !== undefined ? { max_tokens: this.config.maxTokens } : {}),
    };
  }

  private *eventsOf(chunk: ChatCompletionChunk, calls: Map<number, ToolCall>): Iterable<ChatEvent> {
    if (chunk.usage) {
      yield {
        type: 'usage',
        inputTokens: chunk.usage.prompt_tokens ?? 0,
        outputTokens: chunk.usage.completion_tokens ?? 0,
      };
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta;
    if (delta?.content) yield { type: 'text', delta: delta.content };
    // Tool calls arrive in pieces keyed by index: the id and name first, the arguments in fragments.
    for (const piece of delta?.tool_calls ?? []) {
      const call = calls.get(piece.index) ?? { id: '', name: '', arguments: '' };
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name += piece.function.name;
      if (piece.function?.arguments) call.arguments += piece.function.arguments;
      calls.set(piece.index, call);
    }
    if (choice.finish_reason === 'content_filter') throw llmErrors.contentFiltered();
  }

  private toDomainError(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    if (error instanceof StreamStalled || error instanceof OpenAI.APIConnectionTimeoutError) {
      return llmErrors.failed(this.said((who) => `${who} did not answer within ${this.config.timeoutMs} ms`));
    }
    if (error instanceof OpenAI.APIConnectionError) {
      // The network detail names hosts and ports: admin keys only.
      const reason = error.message;
      return llmErrors.failed(this.said((who, admin) => `cannot reach ${who}${admin ? `: ${reason}` : ''}`));
    }
    if (error instanceof OpenAI.APIError) {
      const { status, message } = error;
      const answered = (who: string) => `${who} answered ${status}: ${message}`;
      const detail = this.said(answered);
      const code = `${error.code ?? ''} ${(error.error as { type?: string } | undefined)?.type ?? ''}`;
      if (error.status === 413 || /context_length|too_long|tokens_exceeded/i.test(code)) {
        return llmErrors.tooLarge(detail);
      }
      if (/content_filter|content_policy/i.test(code)) return llmErrors.contentFiltered();
      if (error.status === 429) return llmErrors.rateLimited(detail);
      if (error.status === 401 || error.status === 403 || error.status === 404) {
        return llmErrors.unusable(
          this.said((who) => `the selected model could not start (${answered(who)})`),
        );
      }
      return llmErrors.failed(detail);
    }
    const reason = error instanceof Error ? error.message : String(error);
    return llmErrors.failed(this.said((who, admin) => (admin ? reason : `${who} failed`)));
  }

  /**
   * A failure worded by `say` for admin keys (`who` is the endpoint's address) and for
   * every other key (the endpoint unnamed, its address scrubbed from its own words);
   * the API key is scrubbed from both.
   */
  private said(say: (who: string, admin: boolean) => string): FailureDetail {
    const endpoint = this.config.endpoint;
    return {
      text: withoutAddress(this.scrub(say('the model endpoint', false)), endpoint),
      admin: this.scrub(say(endpoint, true)),
    };
  }

  /** The key never leaves in a message, even when an endpoint echoes it back. */
  private scrub(message: string): string {
    const key = this.config.apiKey;
    return key ? message.split(key).join('[redacted]') : message;
  }
}

function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    default:
      return { role: message.role, content: message.content };
  }
}

function toOpenAiTool(tool: ToolSpec): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}
