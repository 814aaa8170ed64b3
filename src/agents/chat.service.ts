/**
 * Chat turns (ops 10, 11, 12, 15, 24) and their cancellation (op 13), for the JSON
 * and the streaming routes alike. A turn runs in the document's three steps:
 *  1. `prepare*`: the lookups and rules that answer HTTP errors, then the user's
 *     message saved (the conversation created on a first turn);
 *  2. `execute`: the turn itself (turn.service.ts), reported to an observer;
 *  3. its outcome saved: the answer with its citations (`Complete`), the partial
 *     answer of a cancelled or abandoned turn (`Stopped`), or an `error` message and
 *     a `failReason` (`Failed`), before anything is answered.
 */
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiKeysService, keyRevoked } from '../auth/api-keys.service';
import { AuthContext } from '../auth/auth-context';
import { InstallationService } from '../auth/installation.service';
import { badRequest, notFound } from '../common/errors';
import { ChatMessage } from '../llms/chat-model';
import { agentTurns } from '../observability/metrics';
import { AgentRecord } from './agents.repository';
import { AgentsService } from './agents.service';
import { AttachmentMention, AttachmentsService, TurnAttachment } from './attachments.service';
import {
  ConversationRow,
  ConversationStore,
  isAnswer,
  isQuestion,
  newObjectId,
  StoredMessage,
} from './conversation-store';
import { ConversationPresenter } from './conversation-presenter';
import { presentAgentConversation, presentConversation } from './conversation-view';
import { ConversationsService } from './conversations.service';
import {
  AddMessageDto,
  AttachmentRef,
  Capabilities,
  CreateConversationDto,
  RegenerateDto,
  TurnFilters,
} from './conversations.dto';
import { titleOf } from './prompt';
import { metaOf, RequestInfo } from './request-info';
import { RunCancelled, RunRegistry } from './run-registry';
import { newTurnState, TurnObserver, TurnService } from './turn.service';
import { questionMessage, TurnOutcome, TurnRecorder } from './turn-recorder';
import { AgentErrorReason } from './agent-errors';
import { ConversationCreatedView, MessageAddedView } from './wire/answers';
import { threadConversationId } from './agui-input';

export type { TurnOutcome } from './turn-recorder';

type TurnKind = 'create' | 'add' | 'regenerate';

/** What the turn request carries beyond the question. */
interface TurnOptions {
  filters?: TurnFilters;
  agentCapabilities?: Capabilities;
  tools?: string[];
  modelKey?: string;
  timezone?: string;
  currentTime?: string;
  runId?: string;
}

export interface PreparedTurn {
  kind: TurnKind;
  auth: AuthContext;
  orgId: string;
  agent: AgentRecord;
  conversation: ConversationRow;
  question: string;
  history: ChatMessage[];
  options: TurnOptions;
  /** The attached files the turn uses. */
  attachments: TurnAttachment[];
  runId: string;
  controller: AbortController;
  /** The id the answer will be saved under (also its AG-UI text message id). */
  answerId: string;
  /** Regenerate: the answer the new one replaces. */
  replacing?: string;
}

const DEFAULT_CAPABILITIES: Capabilities = { internalSearch: true, webSearch: true, deepSearch: false };

@Injectable()
export class ChatService {
  constructor(
    private readonly agents: AgentsService,
    private readonly store: ConversationStore,
    private readonly presenter: ConversationPresenter,
    private readonly turns: TurnService,
    private readonly runs: RunRegistry,
    private readonly installation: InstallationService,
    private readonly conversations: ConversationsService,
    private readonly recorder: TurnRecorder,
    private readonly attachments: AttachmentsService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  /** Step 1 of a first turn: the agent, the rules, the run, then the conversation with its question. */
  async prepareCreate(
    auth: AuthContext,
    agentKey: string,
    dto: CreateConversationDto,
    conversationId = newObjectId(),
  ): Promise<PreparedTurn> {
    const agent = await this.agents.requireVisible(auth, agentKey);
    await this.checkModelKey(agent, dto.modelKey);
    const attachments = await this.attachments.forTurn(auth, agent, null, mentionsOf(dto));
    if (dto.projectId && !(await this.conversations.ownsProject(auth, dto.projectId.toLowerCase()))) {
      throw badRequest(AgentErrorReason.ProjectNotFound, `projectId: project ${dto.projectId} not found`);
    }
    const orgId = await this.installation.orgId();
    const base = {
      kind: 'create' as const,
      auth,
      orgId,
      agent,
      question: dto.query,
      history: [],
      options: dto,
      attachments,
    };
    return this.begin(base, conversationId, dto.runId, () =>
      this.store.create(
        {
          id: conversationId,
          agent_key: agent.key,
          org_id: orgId,
          user_id: auth.userId,
          title: titleOf(dto.query),
          status: 'Inprogress',
          model_info: null,
          project_id: dto.projectId?.toLowerCase() ?? null,
          project_visibility: dto.projectId ? (dto.projectVisibility ?? 'private') : null,
        },
        questionMessage(
          dto.query,
          dto,
          attachments.map((a) => a.ref),
        ),
      ),
    );
  }

  /**
   * Step 1 of an AG-UI run (agui-input.ts): the thread's first run creates its
   * conversation, a later one follows it up (a deleted one is not found, as for a
   * follow-up).
   */
  async prepareThreadTurn(
    auth: AuthContext,
    agentKey: string,
    threadId: string,
    dto: CreateConversationDto,
  ): Promise<PreparedTurn> {
    const agent = await this.agents.requireVisible(auth, agentKey);
    const conversationId = threadConversationId(auth.userId, agent.key, threadId);
    if ((await this.store.find(conversationId)) === null) {
      try {
        return await this.prepareCreate(auth, agentKey, dto, conversationId);
      } catch (error) {
        // Another first run of the thread created it meanwhile: this run follows it up.
        if ((error as { code?: string }).code !== '23505') throw error;
      }
    }
    return this.prepareAdd(auth, agentKey, conversationId, dto);
  }

  /** Step 1 of a follow-up: the caller's conversation with this agent, the run, then the question. */
  async prepareAdd(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    dto: AddMessageDto,
  ): Promise<PreparedTurn> {
    const { agent, conversation } = await this.conversations.requireConversation(
      auth,
      agentKey,
      conversationId,
    );
    await this.checkModelKey(agent, dto.modelKey);
    const attachments = await this.attachments.forTurn(auth, agent, conversation.id, mentionsOf(dto));
    const history = await this.history(auth, conversation.id);
    const base = {
      kind: 'add' as const,
      auth,
      orgId: conversation.org_id,
      agent,
      question: dto.query,
      history,
      options: dto,
      attachments,
    };
    const question = questionMessage(
      dto.query,
      dto,
      attachments.map((a) => a.ref),
    );
    return this.begin(base, conversation.id, dto.runId, () =>
      this.store.append(conversation.id, question, [], { status: 'Inprogress' }),
    );
  }

  /** Regenerate: only the last message, and only an answer; the question is the one it answered. */
  async prepareRegenerate(
    auth: AuthContext,
    agentKey: string,
    conversationId: string,
    messageId: string,
    dto: RegenerateDto,
  ): Promise<PreparedTurn> {
    const { agent, conversation } = await this.conversations.requireConversation(
      auth,
      agentKey,
      conversationId,
    );
    const messages = await this.store.messages([conversation.id]);
    const index = messages.findIndex((m) => m.message.id === messageId);
    if (index < 0) throw notFound(AgentErrorReason.MessageNotFound, 'Message not found');
    if (index !== messages.length - 1)
      throw badRequest(
        AgentErrorReason.InvalidState,
        'Only the last message in the conversation can be regenerated',
      );
    const target = messages[index].message;
    if (!isAnswer(target))
      throw badRequest(AgentErrorReason.InvalidState, 'Only a bot_response message can be regenerated');
    const asked = messages.slice(0, index).findLastIndex((m) => isQuestion(m.message));
    if (asked < 0)
      throw badRequest(AgentErrorReason.InvalidState, 'The answer to regenerate follows no question');
    const attached = messages[asked].message.attachments.map((ref) => String(ref.recordId));
    await this.checkModelKey(agent, dto.modelKey);
    // Omitted, the original answer's model, while the agent still has it; else the agent's own.
    const original = target.model_info?.modelKey;
    const modelKey =
      dto.modelKey ??
      (original !== undefined && (await this.turns.isAgentModel(agent, original)) ? original : undefined);
    const base = {
      kind: 'regenerate' as const,
      auth,
      orgId: conversation.org_id,
      agent,
      question: messages[asked].message.content,
      history: toHistory(await this.presenter.readable(auth, messages.slice(0, asked))),
      options: { ...dto, modelKey },
      // The question's own files, those not deleted since.
      attachments: await this.attachments.stillThere(auth, agent, attached),
      replacing: target.id,
    };
    return this.begin(base, conversation.id, dto.runId, () =>
      this.store.update(conversation.id, { status: 'Inprogress' }),
    );
  }

  /** A turn's `modelKey` picks among the agent's models (TurnService.isAgentModel); anything else is a 400. */
  private async checkModelKey(agent: AgentRecord, modelKey: string | undefined): Promise<void> {
    if (modelKey !== undefined && !(await this.turns.isAgentModel(agent, modelKey)))
      throw badRequest(
        AgentErrorReason.InvalidState,
        agent.models.length > 0
          ? `modelKey: '${modelKey}' is not one of this agent's models`
          : `modelKey: '${modelKey}' is not the organization's default LLM, which this agent (it has no models) answers with`,
      );
  }

  /** Registers the run, then saves step 1; the run is released when saving fails. */
  private async begin(
    turn: Omit<PreparedTurn, 'conversation' | 'runId' | 'controller' | 'answerId'>,
    conversationId: string,
    runId: string | undefined,
    save: () => Promise<ConversationRow>,
  ): Promise<PreparedTurn> {
    const id = runId ?? randomUUID();
    const controller = await this.runs.start(id, {
      orgId: turn.orgId,
      userId: turn.auth.userId,
      conversationId,
    });
    try {
      return { ...turn, conversation: await save(), runId: id, controller, answerId: newObjectId() };
    } catch (error) {
      await this.runs.finish(id);
      throw error;
    }
  }

  /**
   * Steps 2 and 3: the turn, then its outcome saved. Never throws: a failure is an
   * outcome. The turn is authorised with its key as it is at each search, and fails
   * (Failed, with the reason) when the key is disabled, deleted or rotated meanwhile.
   */
  async execute(turn: PreparedTurn, observer: TurnObserver): Promise<TurnOutcome> {
    const state = newTurnState();
    const started = Date.now();
    const unwatch = this.apiKeys.watch(turn.auth, () => turn.controller.abort(keyRevoked()));
    const authorize = async () => {
      const auth = await this.apiKeys.current(turn.auth);
      if (auth === null) throw keyRevoked();
      return auth;
    };
    let outcome: TurnOutcome;
    try {
      await this.turns.run(
        {
          auth: turn.auth,
          authorize,
          orgId: turn.orgId,
          agent: turn.agent,
          question: turn.question,
          history: turn.history,
          filters: turn.options.filters,
          capabilities: turn.options.agentCapabilities ?? DEFAULT_CAPABILITIES,
          tools: turn.options.tools,
          modelKey: turn.options.modelKey,
          timezone: turn.options.timezone,
          currentTime: turn.options.currentTime,
          attachments: turn.attachments,
          signal: turn.controller.signal,
          observer,
        },
        state,
      );
      outcome = await this.recorder.answer(turn, state, started, 'complete');
    } catch (error) {
      const reason = turn.controller.signal.aborted ? turn.controller.signal.reason : error;
      outcome =
        reason instanceof RunCancelled
          ? await this.recorder.answer(turn, state, started, 'stopped')
          : await this.recorder.failure(turn, reason);
    } finally {
      unwatch();
      await this.runs.finish(turn.runId);
    }
    agentTurns.inc({ result: outcome.result });
    return outcome;
  }

  /** Cancel (op 13): 404 for a conversation that is not the caller's, 403 for another's run. */
  async cancel(auth: AuthContext, agentKey: string, conversationId: string, runId: string) {
    const { conversation } = await this.conversations.requireConversation(
      auth,
      agentKey,
      conversationId,
      'Conversation not found or unauthorized',
    );
    const outcome = await this.runs.cancel(runId, {
      orgId: conversation.org_id,
      userId: auth.userId,
      conversationId,
    });
    return { cancelled: outcome === 'cancelled' };
  }

  /** The answer of the JSON create (op 24): 201 `{conversation: AgentConversation, meta}`. */
  async createdBody(
    turn: PreparedTurn,
    outcome: TurnOutcome,
    info: RequestInfo,
  ): Promise<ConversationCreatedView> {
    const auth = await this.presentingAuth(turn);
    const messages = await this.presenter.messages(auth, outcome.conversation.id, turn.orgId);
    return { conversation: presentAgentConversation(outcome.conversation, messages), meta: metaOf(info) };
  }

  /** The answer of a follow-up (op 15, and the result of RUN_FINISHED): `AddMessageResponse`. */
  async addedBody(turn: PreparedTurn, outcome: TurnOutcome, info: RequestInfo): Promise<MessageAddedView> {
    const auth = await this.presentingAuth(turn);
    const messages = await this.presenter.messages(auth, outcome.conversation.id, turn.orgId);
    return {
      conversation: presentConversation(outcome.conversation, messages, turn.auth.userId),
      recordsUsed: outcome.recordsUsed,
      meta: { ...metaOf(info), recordsUsed: outcome.recordsUsed },
    };
  }

  /** RUN_FINISHED's `{conversation, recordsUsed, meta}`, in the projection of the op's JSON twin. */
  async finishedResult(turn: PreparedTurn, outcome: TurnOutcome, info: RequestInfo) {
    if (turn.kind !== 'create') return this.addedBody(turn, outcome, info);
    const body = await this.createdBody(turn, outcome, info);
    return {
      conversation: body.conversation,
      recordsUsed: outcome.recordsUsed,
      meta: { ...body.meta, recordsUsed: outcome.recordsUsed },
    };
  }

  /** The conversation so far as the key may read it now: an answer it may no longer read goes to no model again. */
  private async history(auth: AuthContext, conversationId: string): Promise<ChatMessage[]> {
    return toHistory(await this.presenter.readable(auth, await this.store.messages([conversationId])));
  }

  /** Who the turn's answer is shown to: its key as it is now (narrowed mid-turn, it sees the narrower view). */
  private async presentingAuth(turn: PreparedTurn): Promise<AuthContext> {
    const auth = await this.apiKeys.current(turn.auth);
    if (auth === null) throw keyRevoked();
    return auth;
  }
}

/** Earlier questions and answers as model messages (failed turns and other kinds left out). */
function toHistory(messages: StoredMessage[]): ChatMessage[] {
  return messages
    .filter(({ message }) => isQuestion(message) || isAnswer(message))
    .map(({ message }) => ({ role: isQuestion(message) ? 'user' : 'assistant', content: message.content }));
}

/** The attachment ids a turn request names, in `attachments` and (first turns) `recordIds`. */
function mentionsOf(dto: { attachments?: AttachmentRef[]; recordIds?: string[] }): AttachmentMention[] {
  return [
    ...(dto.attachments ?? []).map((ref, i) => ({
      recordId: ref.recordId,
      path: `attachments[${i}].recordId`,
      what: 'attachment' as const,
    })),
    ...(dto.recordIds ?? []).map((recordId, i) => ({
      recordId,
      path: `recordIds[${i}]`,
      what: 'record' as const,
    })),
  ];
}
