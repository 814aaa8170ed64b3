/**
 * One agent turn: retrieve (retrieval.service.ts: never beyond the caller's own
 * grants), let the model answer (and search again when it can use tools), and
 * report each step to an observer (the AG-UI stream, or nothing for the JSON
 * routes). What the turn produced accumulates in a TurnState the caller keeps, so a
 * cancelled or failed turn still leaves its partial answer behind.
 */
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuthContext } from '../auth/auth-context';
import { DomainError, ErrorCode } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { ChatMessage, ChatModel, llmErrors, SourceBlock, ToolCall, ToolSpec } from '../llms/chat-model';
import { LlmsService } from '../llms/llms.service';
import { Llm } from '../llms/llm';
import { llmDuration, llmTimeToFirstToken, llmTokens } from '../observability/metrics';
import { AgentRecord } from './agents.repository';
import { choosePassages } from './attachment-passages';
import { AttachmentRefView, TurnAttachment } from './attachments.service';
import { Capabilities, TurnFilters } from './conversations.dto';
import { PromptSource, questionMessage, sourcesText, systemMessage } from './prompt';
import { FragmentSource, RetrievalService, ScopeEntry } from './retrieval.service';

/** A passage of a file attached to the turn, numbered like the fragments. */
export interface AttachmentSource extends PromptSource {
  kind: 'attachment';
  attachment: AttachmentRefView;
  /** The passage's position in its file. */
  chunkIndex: number;
  page?: number;
  sheet?: string;
  relevance: number;
}

/** What the model may cite: a retrieved fragment, or a passage of an attached file. */
export type Source = FragmentSource | AttachmentSource;

export const SEARCH_TOOL = 'search_knowledge';

const SEARCH_TOOL_SPEC: ToolSpec = {
  name: SEARCH_TOOL,
  description:
    "Search the agent's knowledge again with another query. Returns more numbered sources to cite like the first ones.",
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What to look for, in a few words' } },
    required: ['query'],
    additionalProperties: false,
  },
};

/**
 * What a turn tells whoever watches it, in order. The turn awaits each report: a watcher
 * that cannot keep up (a slow reader of the stream) holds the turn back rather than
 * buffering it.
 */
export interface TurnObserver {
  stepStarted(name: string): void | Promise<void>;
  stepFinished(name: string): void | Promise<void>;
  toolCall(call: ToolCall): void | Promise<void>;
  toolResult(callId: string, content: string): void | Promise<void>;
  text(delta: string): void | Promise<void>;
  toolsUnavailable(tools: string[]): void | Promise<void>;
}

export const SILENT: TurnObserver = {
  stepStarted: () => undefined,
  stepFinished: () => undefined,
  toolCall: () => undefined,
  toolResult: () => undefined,
  text: () => undefined,
  toolsUnavailable: () => undefined,
};

export interface TurnRequest {
  /** The key as the turn's request authenticated it. */
  auth: AuthContext;
  /** The key as it is now (each search asks: a key narrowed mid-turn searches narrowly); throws when revoked. */
  authorize: () => Promise<AuthContext>;
  orgId: string;
  agent: AgentRecord;
  question: string;
  /** Earlier messages of the conversation, oldest first. */
  history: ChatMessage[];
  filters: TurnFilters | undefined;
  capabilities: Capabilities;
  /** Tools the request allows; undefined: the agent's own. */
  tools: string[] | undefined;
  /** An LLM id or name; undefined: the agent's (reasoning) model, else the default LLM. */
  modelKey: string | undefined;
  timezone: string | undefined;
  currentTime: string | undefined;
  /** Files the turn names (or, regenerating, its question named): their passages come first among the sources. */
  attachments: TurnAttachment[];
  signal: AbortSignal;
  observer: TurnObserver;
}

export interface ToolRun {
  callId: string;
  query: string;
  markers: number[];
}

export interface TurnState {
  llm: Llm | null;
  model: ChatModel | null;
  text: string;
  sources: Source[];
  toolRuns: ToolRun[];
  unavailable: string[];
  usage: { inputTokens: number; outputTokens: number };
}

export const newTurnState = (): TurnState => ({
  llm: null,
  model: null,
  text: '',
  sources: [],
  toolRuns: [],
  unavailable: [],
  usage: { inputTokens: 0, outputTokens: 0 },
});

const HISTORY_MESSAGES = 10;

/** Refusals of a search that its arguments caused; anything else (the database, an endpoint) fails the turn. */
const MODEL_FIXABLE = new Set([ErrorCode.InvalidArgument, ErrorCode.BadRequest, ErrorCode.PayloadTooLarge]);

@Injectable()
export class TurnService {
  constructor(
    private readonly retrieval: RetrievalService,
    private readonly llms: LlmsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Whether a turn may ask for this LLM (by id or name): one of the agent's models, or,
   * for an agent without models, the organisation's default. The agent's owner chose
   * which models its knowledge is sent to (a local one, a hosted one); a caller may pick
   * among them, not send it elsewhere.
   */
  async isAgentModel(agent: AgentRecord, modelKey: string): Promise<boolean> {
    const llm = await this.llms.find(modelKey);
    if (!llm) return false;
    if (agent.models.length > 0) return agent.models.some((m) => m.modelKey === llm.id);
    return (await this.llms.findDefault())?.id === llm.id;
  }

  /** The LLM of the turn: the request's, else the agent's reasoning model (or first), else the default. */
  async resolveModel(
    agent: AgentRecord,
    modelKey: string | undefined,
  ): Promise<{ llm: Llm; model: ChatModel }> {
    const reference =
      modelKey ?? (agent.models.find((m) => m.isReasoning) ?? agent.models[0])?.modelKey ?? null;
    const llm = reference === null ? await this.llms.findDefault() : await this.llms.find(reference);
    if (!llm) {
      throw llmErrors.unusable(
        reference === null
          ? 'none is configured for the organization: register one with POST /llms and make it the default (is_default: true)'
          : `the model '${reference}' is not a registered LLM: register it with POST /llms or change the agent's models`,
      );
    }
    return { llm, model: await this.llms.chatModel(llm.id) };
  }

  async run(request: TurnRequest, state: TurnState): Promise<void> {
    const { llm, model } = await this.resolveModel(request.agent, request.modelKey);
    state.llm = llm;
    state.model = model;
    state.unavailable = unavailableTools(request);
    if (state.unavailable.length > 0) await request.observer.toolsUnavailable(state.unavailable);
    state.sources.push(...attachmentSources(request.question, request.attachments, this.k(request)));

    const scope = await this.retrieval.scope(
      request.auth,
      request.agent,
      request.filters,
      request.capabilities,
    );
    if (scope.length > 0) {
      await request.observer.stepStarted('retrieval');
      await this.searchStep(
        request,
        state,
        scope,
        request.question,
        `call_${randomUUID().replace(/-/g, '')}`,
        true,
      );
      await request.observer.stepFinished('retrieval');
    }

    const toolsAllowed = request.tools === undefined || request.tools.includes(SEARCH_TOOL);
    const offerTools = model.supportsTools && toolsAllowed && scope.length > 0;
    const messages: ChatMessage[] = [
      systemMessage(
        { systemPrompt: request.agent.system_prompt, instructions: request.agent.instructions },
        {
          tools: offerTools && this.settings.agents.maxToolSteps > 0,
          user: request.agent.send_user_context
            ? `user ${request.auth.userId} of organisation ${request.orgId}`
            : null,
          timezone: request.timezone ?? null,
          currentTime: request.currentTime ?? null,
        },
      ),
      ...request.history.slice(-HISTORY_MESSAGES),
      questionMessage(request.question, state.sources),
    ];
    const { maxToolSteps, maxToolCallsPerRound, maxToolCallsPerTurn } = this.settings.agents;
    let callsLeft = maxToolCallsPerTurn;
    for (let step = 0; ; step++) {
      const tools = offerTools && step < maxToolSteps && callsLeft > 0 ? [SEARCH_TOOL_SPEC] : [];
      const { text, calls } = await this.callModel(request, state, messages, tools);
      if (calls.length === 0 || tools.length === 0) return;
      messages.push({ role: 'assistant', content: text, toolCalls: calls });
      await request.observer.stepStarted(SEARCH_TOOL);
      for (const [i, call] of calls.entries()) {
        await request.observer.toolCall(call);
        // Every call gets a result (the model's API wants one per call): those over a cap say why they did not run.
        const content =
          i >= maxToolCallsPerRound
            ? `Not run: at most ${maxToolCallsPerRound} searches run per round. Answer from the sources you have, or ask for fewer searches.`
            : callsLeft <= 0
              ? `Not run: this turn has made its ${maxToolCallsPerTurn} searches. Answer from the sources you have.`
              : await this.runTool(request, state, scope, call);
        if (i < maxToolCallsPerRound && callsLeft > 0) callsLeft -= 1;
        await request.observer.toolResult(call.id, content);
        messages.push({ role: 'tool', toolCallId: call.id, content });
      }
      await request.observer.stepFinished(SEARCH_TOOL);
    }
  }

  /** One search over the whole scope; the new sources are numbered after those the turn already has. */
  private async searchStep(
    request: TurnRequest,
    state: TurnState,
    scope: ScopeEntry[],
    query: string,
    callId: string,
    /** The turn's own first search is reported as a call here; the model's calls are reported by the loop. */
    announce = false,
  ): Promise<FragmentSource[]> {
    if (announce)
      await request.observer.toolCall({
        id: callId,
        name: SEARCH_TOOL,
        arguments: JSON.stringify({ query }),
      });
    const fresh = await this.retrieval.retrieve(await request.authorize(), scope, query, {
      k: this.k(request),
      seen: new Set(state.sources.flatMap((s) => (s.kind === 'fragment' ? [s.fragment.id] : []))),
      firstMarker: state.sources.length + 1,
      signal: request.signal,
    });
    state.sources.push(...fresh);
    state.toolRuns.push({ callId, query, markers: fresh.map((s) => s.marker) });
    if (announce) await request.observer.toolResult(callId, toolResultSummary(fresh));
    return fresh;
  }

  /** Sources one search gives the model (and passages the attached files give it). */
  private k(request: TurnRequest): number {
    return this.settings.agents.searchK * (request.capabilities.deepSearch ? 2 : 1);
  }

  private async runTool(
    request: TurnRequest,
    state: TurnState,
    scope: ScopeEntry[],
    call: ToolCall,
  ): Promise<string> {
    if (call.name !== SEARCH_TOOL)
      return `There is no tool named ${call.name}; the only tool is ${SEARCH_TOOL}.`;
    let query: unknown;
    try {
      query = (JSON.parse(call.arguments) as { query?: unknown }).query;
    } catch {
      query = undefined;
    }
    if (typeof query !== 'string' || query.trim() === '')
      return 'Invalid arguments: expected {"query": "<text>"}.';
    let fresh: FragmentSource[];
    try {
      fresh = await this.searchStep(request, state, scope, query, call.id);
    } catch (error) {
      // A search the model asked for badly (a query too long, too many words) is its to fix: it reads why.
      if (error instanceof DomainError && MODEL_FIXABLE.has(error.code))
        return `Search failed: ${error.message}`;
      throw error;
    }
    return fresh.length === 0 ? 'No further sources were found.' : sourcesText(fresh);
  }

  /** One call to the model: text streams to the observer as it comes; tool calls are returned. */
  private async callModel(
    request: TurnRequest,
    state: TurnState,
    messages: ChatMessage[],
    tools: ToolSpec[],
  ): Promise<{ text: string; calls: ToolCall[] }> {
    const model = state.model!;
    const label = { model: state.llm!.name };
    const stopTimer = llmDuration.startTimer(label);
    const started = process.hrtime.bigint();
    let text = '';
    let calls: ToolCall[] = [];
    try {
      const sources: SourceBlock[] = state.sources.map((s) => ({
        marker: s.marker,
        text: s.text,
        relevance: s.relevance,
      }));
      for await (const event of model.stream({
        messages,
        question: request.question,
        sources,
        tools,
        signal: request.signal,
      })) {
        if (event.type === 'text') {
          if (text === '')
            llmTimeToFirstToken.observe(label, Number(process.hrtime.bigint() - started) / 1e9);
          text += event.delta;
          state.text += event.delta;
          await request.observer.text(event.delta);
        } else if (event.type === 'tool_calls') {
          calls = event.calls;
        } else {
          state.usage.inputTokens += event.inputTokens;
          state.usage.outputTokens += event.outputTokens;
          llmTokens.inc({ ...label, kind: 'input' }, event.inputTokens);
          llmTokens.inc({ ...label, kind: 'output' }, event.outputTokens);
        }
      }
    } finally {
      stopTimer();
    }
    return { text, calls };
  }
}

function toolResultSummary(sources: FragmentSource[]): string {
  return JSON.stringify({
    sources: sources.map((s) => ({
      marker: s.marker,
      pipeline: s.pipelineName,
      classification: s.classification,
      documentId: s.fragment.documentId,
    })),
  });
}

/** Tools the agent or the request names that Trove does not run: reported, never faked. */
function unavailableTools(request: TurnRequest): string[] {
  const named =
    request.tools ?? request.agent.toolsets.flatMap((toolset) => toolset.tools.map((tool) => tool.fullName));
  const tools = named.filter((name) => name !== SEARCH_TOOL);
  if (request.agent.web_search && request.capabilities.webSearch)
    tools.push(`web_search:${request.agent.web_search.provider}`);
  return [...new Set(tools)];
}

/** The passages of the attached files that speak to the question, numbered from 1. */
function attachmentSources(question: string, attachments: TurnAttachment[], k: number): AttachmentSource[] {
  if (attachments.length === 0) return [];
  const chosen = choosePassages(
    question,
    attachments.map((a) => a.passages),
    k,
  );
  return chosen.map(({ file, index, passage, relevance }, i) => {
    const { ref } = attachments[file];
    const where = [
      passage.page === undefined ? null : `page ${passage.page}`,
      passage.sheet === undefined ? null : `sheet ${passage.sheet}`,
    ].filter(Boolean);
    return {
      kind: 'attachment',
      marker: i + 1,
      label: [`attached file ${ref.recordName}`, ...where].join(', '),
      text: passage.text,
      attachment: ref,
      chunkIndex: index,
      ...(passage.page === undefined ? {} : { page: passage.page }),
      ...(passage.sheet === undefined ? {} : { sheet: passage.sheet }),
      relevance,
    };
  });
}
