/**
 * Step 3 of a turn: its outcome saved before anything is answered. A complete or
 * stopped turn saves the answer (what the model wrote so far, for a stopped one)
 * with a Citation row per cited fragment and the conversation's new status; a failed
 * one saves an `error` message, `Failed`, its `failReason` and a conversation error.
 */
import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors';
import { AttachmentRefView } from './attachments.service';
import {
  CitationInput,
  ConversationChanges,
  ConversationRow,
  ConversationStore,
  DrawnFrom,
  MessageInput,
  newObjectId,
} from './conversation-store';
import { parseAnswer } from './prompt';
import { Source, TurnState } from './turn.service';
import { AgentErrorReason } from './agent-errors';

/** What the recorder needs to know of a prepared turn. */
export interface RecordedTurn {
  conversation: ConversationRow;
  runId: string;
  answerId: string;
  /** Regenerate: the answer the new one replaces. */
  replacing?: string;
}

export interface TurnOutcome {
  result: 'complete' | 'stopped' | 'failed';
  conversation: ConversationRow;
  recordsUsed: number;
  /** Failed: what the caller is told (its status on the JSON routes, its code on a stream). */
  error?: DomainError;
}

@Injectable()
export class TurnRecorder {
  private readonly logger = new Logger(TurnRecorder.name);

  constructor(private readonly store: ConversationStore) {}

  async answer(
    turn: RecordedTurn,
    state: TurnState,
    started: number,
    result: 'complete' | 'stopped',
  ): Promise<TurnOutcome> {
    const markers = new Set(state.sources.map((s) => s.marker));
    const parsed = parseAnswer(state.text, markers);
    const cited = parsed.cited.map((marker) => state.sources.find((s) => s.marker === marker)!);
    const messageId = turn.answerId;
    const citations = cited.map(citationOf);
    const modelInfo = state.llm
      ? {
          modelKey: state.llm.id,
          modelName: state.llm.model ?? state.llm.name,
          modelProvider: state.llm.provider,
          modelFriendlyName: state.llm.name,
          chatMode: 'quick',
        }
      : null;
    const message: MessageInput = {
      id: messageId,
      message_type: 'bot_response',
      content: parsed.content,
      content_format: 'MARKDOWN',
      confidence: parsed.confidence,
      follow_up_questions: parsed.followUps.map((question) => ({ question })),
      metadata: {
        processingTimeMs: Date.now() - started,
        ...(state.llm ? { modelVersion: state.llm.model ?? state.llm.name } : {}),
        aiTransactionId: turn.runId,
      },
      model_info: modelInfo,
      applied_filters: null,
      attachments: [],
      tools: state.toolRuns.map((run) => ({
        toolName: 'search_knowledge',
        toolResult: { query: run.query, sources: run.markers },
      })),
      parts: [
        ...state.toolRuns.map((run) => ({
          type: 'tool_call' as const,
          toolCallId: run.callId,
          toolName: 'search_knowledge',
          args: JSON.stringify({ query: run.query }),
          status: 'completed' as const,
          resultSummary: `${run.markers.length} fragment${run.markers.length === 1 ? '' : 's'} found`,
        })),
        ...state.unavailable.map((tool) => ({
          type: 'tool_call' as const,
          toolName: tool,
          status: 'blocked' as const,
          resultSummary: 'Trove does not run this tool',
        })),
        { type: 'text' as const, content: parsed.content, isFinal: true },
      ],
      drawn_from: drawnFrom(state.sources),
    };
    try {
      const conversation = await this.store.append(
        turn.conversation.id,
        message,
        citations,
        { status: result === 'complete' ? 'Complete' : 'Stopped', fail_reason: null, model_info: modelInfo },
        turn.replacing,
      );
      return { result, conversation, recordsUsed: new Set(cited.map(recordOf)).size };
    } catch (error) {
      return this.failure(turn, error);
    }
  }

  /** A failure after step 1, kept in the conversation: an `error` message, `Failed`, and its reason. */
  async failure(turn: RecordedTurn, error: unknown): Promise<TurnOutcome> {
    const failure =
      error instanceof DomainError
        ? error
        : new DomainError(
            AgentErrorReason.TurnFailed,
            ErrorCode.Internal,
            'The answer failed: an unexpected error occurred; the conversation is kept as Failed',
          );
    if (!(error instanceof DomainError))
      this.logger.error({ err: error, conversationId: turn.conversation.id }, 'Agent turn failed');
    try {
      const { message, changes } = failureRecord(turn.conversation, turn.runId, failure);
      const conversation = await this.store.append(turn.conversation.id, message, [], changes);
      return { result: 'failed', conversation, recordsUsed: 0, error: failure };
    } catch (saveError) {
      this.logger.error(
        { err: saveError, conversationId: turn.conversation.id },
        'Could not save a failed turn',
      );
      return {
        result: 'failed',
        conversation: turn.conversation,
        recordsUsed: 0,
        error: new DomainError(
          AgentErrorReason.TurnFailed,
          ErrorCode.Internal,
          'The answer failed and could not be saved',
        ),
      };
    }
  }
}

/** What a failed turn leaves in its conversation: an `error` message, `Failed`, the reason, a conversation error. */
export function failureRecord(
  conversation: ConversationRow,
  runId: string,
  failure: DomainError,
): { message: MessageInput; changes: ConversationChanges } {
  const messageId = newObjectId();
  return {
    message: {
      id: messageId,
      message_type: 'error',
      content: failure.message,
      content_format: 'MARKDOWN',
      confidence: null,
      follow_up_questions: [],
      metadata: { aiTransactionId: runId },
      model_info: null,
      applied_filters: null,
      attachments: [],
      tools: [],
      parts: [],
      drawn_from: null,
    },
    changes: {
      status: 'Failed',
      fail_reason: failure.message,
      conversation_errors: [
        ...conversation.conversation_errors,
        {
          _id: newObjectId(),
          message: failure.message,
          errorType: failure.code,
          timestamp: new Date().toISOString(),
          messageId,
        },
      ],
    },
  };
}

/** The Citation row of the source cited `position`-th: a fragment, or a passage of an attached file. */
function citationOf(source: Source, position: number): CitationInput {
  const common = { id: newObjectId(), position, relevance: source.relevance, content: source.text };
  if (source.kind === 'attachment') {
    const { recordName, mimeType, extension } = source.attachment;
    return {
      ...common,
      attachment_id: source.attachment.recordId,
      pipeline_id: null,
      document_id: null,
      fragment_id: null,
      classification: null,
      chunk_index: source.chunkIndex,
      version: null,
      score: source.relevance,
      found_by: [],
      metadata: {
        recordName,
        mimeType,
        extension,
        ...(source.page === undefined ? {} : { page: source.page }),
        ...(source.sheet === undefined ? {} : { sheet: source.sheet }),
      },
    };
  }
  return {
    ...common,
    attachment_id: null,
    pipeline_id: source.pipelineId,
    document_id: source.fragment.documentId,
    fragment_id: source.fragment.id,
    classification: source.fragment.classification,
    chunk_index: source.fragment.orderId,
    version: source.fragment.version,
    score: source.fragment.score,
    found_by: source.foundBy,
    metadata: source.fragment.metadata,
  };
}

/** The record a source belongs to (`recordsUsed` counts them): its document, or its attached file. */
const recordOf = (source: Source) =>
  source.kind === 'attachment' ? source.attachment.recordId : source.fragment.documentId;

/** The user's question as a message. */
export function questionMessage(
  query: string,
  dto: { appliedFilters?: object },
  attachments: AttachmentRefView[],
): MessageInput {
  return {
    id: newObjectId(),
    message_type: 'user_query',
    content: query,
    content_format: 'MARKDOWN',
    confidence: null,
    follow_up_questions: [],
    metadata: {},
    model_info: null,
    applied_filters: (dto.appliedFilters as Record<string, unknown> | undefined) ?? null,
    attachments: attachments.map((ref) => ({ ...ref })),
    tools: [],
    parts: [],
    drawn_from: null,
  };
}

/** The pipelines and classifications of every fragment the turn gave the model (attached files are the key's own). */
function drawnFrom(sources: Source[]): DrawnFrom[] {
  const pairs = new Map<string, DrawnFrom>();
  for (const source of sources) {
    if (source.kind !== 'fragment') continue;
    pairs.set(`${source.pipelineId}\0${source.classification}`, {
      pipeline_id: source.pipelineId,
      classification: source.classification,
    });
  }
  return [...pairs.values()];
}
