import { Body, Controller, HttpCode, Inject, Param, Post, Res, UseFilters } from '@nestjs/common';
import { EventType } from '@ag-ui/core';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AuthContext } from '../auth/auth-context';
import { AcceptsBearer, Auth, RequireScope } from '../auth/auth.guard';
import { z } from 'zod';
import { parseBounded, parseWith } from '../common/validation';
import { SETTINGS, Settings } from '../config/settings';
import { AguiStream, TurnStream } from './agui-stream';
import { RunAgentInputSchema } from './agui-input';
import { isUuid } from '../common/ids';
import { ApiErrorFilter, toApiError } from './api-error.filter';
import { isAdminRequest } from '../common/http-error.filter';
import { ChatService, PreparedTurn } from './chat.service';
import {
  AddMessageSchema,
  CancelSchema,
  CreateConversationSchema,
  pathObjectId,
  RegenerateSchema,
  StreamAddMessageSchema,
  StreamCreateConversationSchema,
  TURN_JSON_FIELDS,
} from './conversations.dto';
import { Request, RequestInfo } from './request-info';
import { RunCancelled } from './run-registry';
import { SILENT } from './turn.service';
import { ApiDoc } from '../openapi/api-doc';
import { CancelResult, ConversationCreated, MessageAdded } from './wire/answers';
import { AGUI_STREAM_EXAMPLE, AguiEvent } from './wire/agui-events';

const STREAM = { event: AguiEvent, example: AGUI_STREAM_EXAMPLE };
/** What a turn may answer beside the common errors: the model's failures, as the agents contract maps them. */
const TURN_ERRORS = {
  424: 'The LLM cannot be used (a wrong key, an unknown model)',
  500: 'The LLM failed to answer (an error or a timeout); the contract has no 502',
};

/**
 * Agents API turns: the JSON routes (ops 24, 15), the AG-UI streams (10, 11, 12) and
 * cancel (13). Validation and lookups answer HTTP errors before a stream opens;
 * after that, a stream ends with exactly one RUN_FINISHED or RUN_ERROR, sent once
 * the conversation is saved. A client that disconnects stops the turn (`Stopped`,
 * the partial answer kept).
 */
@Controller('api/v1/agents')
@UseFilters(ApiErrorFilter)
@AcceptsBearer()
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Post(':agentKey/conversations')
  @ApiDoc({
    summary: 'Start a conversation: the first answer, as JSON',
    body: CreateConversationSchema,
    bodyName: 'AgentCreateConversationRequest',
    response: ConversationCreated,
    errors: TURN_ERRORS,
  })
  @HttpCode(201)
  @RequireScope('agent:execute')
  async create(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const turn = await this.chat.prepareCreate(
      auth,
      agentKey,
      this.parseTurn(CreateConversationSchema, body),
    );
    const outcome = await this.runJson(turn, reply);
    return this.chat.createdBody(turn, outcome, info);
  }

  @Post(':agentKey/conversations/:conversationId/messages')
  @ApiDoc({
    summary: 'Ask a follow-up: the answer, as JSON',
    body: AddMessageSchema,
    bodyName: 'AgentAddMessageRequest',
    response: MessageAdded,
    errors: TURN_ERRORS,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  async add(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversationId: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = pathObjectId('conversationId', conversationId);
    const turn = await this.chat.prepareAdd(auth, agentKey, id, this.parseTurn(AddMessageSchema, body));
    const outcome = await this.runJson(turn, reply);
    return this.chat.addedBody(turn, outcome, info);
  }

  @Post(':agentKey/conversations/stream')
  @ApiDoc({
    summary: 'Start a conversation: the first answer, as AG-UI events',
    body: StreamCreateConversationSchema,
    bodyName: 'AgentStreamCreateConversationRequest',
    stream: STREAM,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  async streamCreate(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
    @Res() reply: FastifyReply,
  ) {
    const turn = await this.chat.prepareCreate(
      auth,
      agentKey,
      this.parseTurn(StreamCreateConversationSchema, body),
    );
    await this.stream(reply, info, turn.conversation.id, turn.runId, async () => turn);
  }

  /**
   * AG-UI's standard RunAgentInput (agui-input.ts): a thread is a conversation, the last
   * user message its question; the events echo the client's threadId and runId.
   */
  @Post(':agentKey/agui')
  @ApiDoc({
    summary: "Run the agent on one turn of a thread, from AG-UI's standard RunAgentInput, as AG-UI events",
    description:
      "For @ag-ui/client's HttpAgent, CopilotKit and other AG-UI front ends. `threadId` names one of the caller's conversations with the agent (created on the thread's first run); the last message, a user message, is the question; earlier turns come from the stored conversation, never from `messages`. `tools`, `context`, `state` and `forwardedProps` are accepted and not used.",
    body: RunAgentInputSchema,
    bodyName: 'AgUiRunAgentInput',
    stream: STREAM,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  async aguiRun(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
    @Res() reply: FastifyReply,
  ) {
    const input = parseWith(RunAgentInputSchema, body);
    // Trove's run id (the cancel route's) is a UUID; another client run id is only echoed.
    const runId = isUuid(input.runId) ? input.runId : randomUUID();
    const turn = await this.chat.prepareThreadTurn(auth, agentKey, input.threadId, {
      query: input.question,
      runId,
    });
    await this.stream(reply, info, turn.conversation.id, turn.runId, async () => turn, {
      threadId: input.threadId,
      runId: input.runId,
    });
  }

  @Post(':agentKey/conversations/:conversationId/messages/stream')
  @ApiDoc({
    summary: 'Ask a follow-up: the answer, as AG-UI events',
    body: StreamAddMessageSchema,
    bodyName: 'AgentAddMessageStreamRequest',
    stream: STREAM,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  async streamAdd(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversationId: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
    @Res() reply: FastifyReply,
  ) {
    const id = pathObjectId('conversationId', conversationId);
    const turn = await this.chat.prepareAdd(auth, agentKey, id, this.parseTurn(StreamAddMessageSchema, body));
    await this.stream(reply, info, id, turn.runId, async () => turn);
  }

  /** Lookups and the regenerate rules are reported as RUN_ERROR once the stream is open, as the document asks. */
  @Post(':agentKey/conversations/:conversationId/message/:messageId/regenerate')
  @ApiDoc({
    summary: 'Answer a question again, replacing the answer, as AG-UI events',
    description: 'Lookups and the regenerate rules are reported as RUN_ERROR once the stream is open.',
    body: RegenerateSchema,
    bodyName: 'AgentRegenerateRequest',
    stream: STREAM,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  async regenerate(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversationId: string,
    @Param('messageId') messageId: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
    @Res() reply: FastifyReply,
  ) {
    const id = pathObjectId('conversationId', conversationId);
    const message = pathObjectId('messageId', messageId);
    const dto = this.parseTurn(RegenerateSchema, body);
    const runId = dto.runId ?? randomUUID();
    await this.stream(reply, info, id, runId, () =>
      this.chat.prepareRegenerate(auth, agentKey, id, message, { ...dto, runId }),
    );
  }

  @Post(':agentKey/conversations/:conversationId/cancel')
  @ApiDoc({
    summary: 'Stop a running turn (its partial answer is kept)',
    body: CancelSchema,
    response: CancelResult,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  cancel(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversationId: string,
    @Body() body: unknown,
  ) {
    const id = pathObjectId('conversationId', conversationId);
    return this.chat.cancel(auth, agentKey, id, parseWith(CancelSchema, body).runId);
  }

  private parseTurn<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
    return parseBounded(schema, body, TURN_JSON_FIELDS, this.settings.limits.metadataMaxBytes);
  }

  /** Steps 2 and 3 of a JSON turn; `X-Conversation-Id` on success and on failure. */
  private async runJson(turn: PreparedTurn, reply: FastifyReply) {
    reply.header('x-conversation-id', turn.conversation.id);
    const outcome = await this.chat.execute(turn, SILENT);
    if (outcome.result === 'failed') throw outcome.error;
    return outcome;
  }

  /**
   * Opens the stream, then: RUN_STARTED, `CUSTOM conversation_created` (ops 10 and
   * 11), the turn's events, and one terminal event after the conversation is saved.
   * The run events name the conversation and the run, or what an AG-UI client calls them (`client`).
   */
  private async stream(
    reply: FastifyReply,
    info: RequestInfo,
    conversationId: string,
    trovesRunId: string,
    prepare: () => Promise<PreparedTurn>,
    client?: { threadId: string; runId: string },
  ): Promise<void> {
    const { threadId, runId } = client ?? { threadId: conversationId, runId: trovesRunId };
    const admin = isAdminRequest(reply.request);
    reply.hijack();
    const stream = new AguiStream(reply.raw, this.settings.agents.heartbeatSeconds * 1000, {
      bufferBytes: this.settings.streams.bufferBytes,
      stallMs: this.settings.streams.stallSeconds * 1000,
    });
    stream.open({ 'x-request-id': info.requestId, 'x-conversation-id': conversationId });
    await stream.send({ type: EventType.RUN_STARTED, threadId, runId });
    let turn: PreparedTurn;
    try {
      turn = await prepare();
    } catch (error) {
      const { code, message } = toApiError(error, admin);
      await stream.send({ type: EventType.RUN_ERROR, message, code });
      stream.end();
      return;
    }
    let finished = false;
    reply.raw.on('close', () => {
      if (!finished) turn.controller.abort(new RunCancelled('disconnect'));
    });
    if (turn.kind !== 'regenerate') {
      await stream.send({
        type: EventType.CUSTOM,
        name: 'conversation_created',
        value: { conversationId: turn.conversation.id, title: turn.conversation.title },
      });
    }
    const observer = new TurnStream(stream, turn.answerId);
    const outcome = await this.chat.execute(turn, observer);
    await observer.endText();
    finished = true;
    try {
      if (outcome.result === 'failed') throw outcome.error;
      await stream.send({
        type: EventType.RUN_FINISHED,
        threadId,
        runId,
        ...(outcome.result === 'stopped' ? { outcome: { type: 'cancelled' } } : {}),
        result: await this.chat.finishedResult(turn, outcome, info),
      });
    } catch (error) {
      const { code, message } = toApiError(error, admin);
      await stream.send({ type: EventType.RUN_ERROR, message, code });
    }
    stream.end();
  }
}
