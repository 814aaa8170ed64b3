/**
 * The LLM registry: the models agents answer with. Any key reads it, admin keys
 * change it. An LLM's `api_key` is sealed with the content cipher (bound to the
 * row by its id) and never leaves: views say only whether one is set.
 *
 * Agents name an LLM by id or by name; an agent without models uses the default
 * one, of which there is at most one (none is allowed: turns then fail with "no
 * usable LLM", which says what to fix).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { shownAddress } from '../common/base-url';
import { conflict, notFound } from '../common/errors';
import { isUuid, newId } from '../common/ids';
import { ListEnvelope, parseListQuery, TEXT_OPS, toEnvelope } from '../common/list';
import { ProbeDto, runProbe } from '../common/probe';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService } from '../database/database.service';
import { ContentCipher } from '../crypto/content-cipher';
import { ChatModel, llmErrors } from './chat-model';
import { LLM_PROVIDER_OF, LlmConfig } from './llm-providers';
import { CreateLlmDto, LlmProviderName, UpdateLlmDto } from './llms.dto';
import { LlmRow, LlmsRepository, LlmWrite } from './llms.repository';
import { LlmProbeView, LlmView } from './llms.wire';
import { LlmErrorReason } from './llm-errors';
import { Llm } from './llm';

/** `admin`: the key asking is an admin key, which sees the endpoint's address. */
const present = (row: LlmRow, admin: boolean): LlmView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  provider: row.provider,
  endpoint: row.endpoint === null ? null : shownAddress(row.endpoint, admin),
  model: row.model,
  has_api_key: row.api_key !== null,
  is_default: row.is_default,
  is_reasoning: row.is_reasoning,
  context_window: row.context_window,
  parameters: row.parameters,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const toLlm = (row: LlmRow): Llm => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  model: row.model,
  isDefault: row.is_default,
});

const apiKeyAad = (id: string) => `llm-api-key:${id}`;

/** The chat probe: a question the model can answer from one source, as a turn would ask it. */
const PROBE_QUESTION = 'Is this model reachable? Answer in one short sentence.';
const PROBE_SOURCE = 'This model is reachable and answers questions from Trove.';
/** Characters of the probe's answer kept in the report. */
const PROBE_ANSWER_CHARS = 500;

/** What the list of LLMs filters on. */
export const LLM_FILTERS = { name: TEXT_OPS, provider: TEXT_OPS } as const;

@Injectable()
export class LlmsService {
  private readonly logger = new Logger(LlmsService.name);

  constructor(
    private readonly llms: LlmsRepository,
    private readonly db: DatabaseService,
    private readonly cipher: ContentCipher,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async list(auth: AuthContext, query: Record<string, unknown>): Promise<ListEnvelope<LlmView>> {
    const parsed = parseListQuery(query, LLM_FILTERS);
    return toEnvelope(await this.llms.list(parsed), parsed, (row) => present(row, auth.admin));
  }

  async get(auth: AuthContext, id: string): Promise<LlmView> {
    return present(await this.require(id), auth.admin);
  }

  async create(dto: CreateLlmDto): Promise<LlmView> {
    const id = newId();
    const config = LLM_PROVIDER_OF[dto.provider].normalize({
      endpoint: dto.endpoint ?? null,
      model: dto.model ?? null,
      hasApiKey: Boolean(dto.apiKey),
      parameters: dto.parameters,
    });
    const sealed = dto.apiKey ? this.cipher.seal(dto.apiKey, apiKeyAad(id)) : null;
    const row: LlmWrite = {
      id,
      name: dto.name,
      description: dto.description ?? null,
      provider: dto.provider,
      endpoint: config.endpoint,
      model: config.model,
      api_key: sealed?.data ?? null,
      api_key_key_id: sealed?.keyId ?? null,
      is_default: dto.isDefault,
      is_reasoning: dto.isReasoning,
      context_window: dto.contextWindow ?? null,
      parameters: config.parameters,
    };
    await this.db
      .transaction(async (tx) => {
        if (await this.llms.nameTaken(dto.name, null, tx)) throw nameConflict(dto.name);
        if (row.is_default) await this.llms.clearDefault(id, tx);
        await this.llms.insert(row, tx);
      })
      .catch(rethrowUniqueName(dto.name));
    // Only admin keys register LLMs.
    return present(await this.require(id), true);
  }

  async update(id: string, dto: UpdateLlmDto): Promise<LlmView> {
    const current = await this.require(id);
    const hasApiKey = dto.apiKey === undefined ? current.api_key !== null : dto.apiKey !== null;
    const config = LLM_PROVIDER_OF[current.provider as LlmProviderName].normalize({
      endpoint: dto.endpoint === undefined ? current.endpoint : dto.endpoint,
      model: dto.model === undefined ? current.model : dto.model,
      hasApiKey,
      parameters: dto.parameters ?? current.parameters,
    });
    const changes: Partial<LlmWrite> = { ...this.configChanges(config) };
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.description !== undefined) changes.description = dto.description;
    if (dto.isDefault !== undefined) changes.is_default = dto.isDefault;
    if (dto.isReasoning !== undefined) changes.is_reasoning = dto.isReasoning;
    if (dto.contextWindow !== undefined) changes.context_window = dto.contextWindow;
    if (dto.apiKey !== undefined) {
      const sealed = dto.apiKey === null ? null : this.cipher.seal(dto.apiKey, apiKeyAad(id));
      changes.api_key = sealed?.data ?? null;
      changes.api_key_key_id = sealed?.keyId ?? null;
    }
    await this.db
      .transaction(async (tx) => {
        if (dto.name !== undefined && (await this.llms.nameTaken(dto.name, id, tx)))
          throw nameConflict(dto.name);
        if (dto.isDefault) await this.llms.clearDefault(id, tx);
        await this.llms.update(id, changes, tx);
      })
      .catch(rethrowUniqueName(dto.name ?? ''));
    // Only admin keys change LLMs.
    return present(await this.require(id), true);
  }

  /** Asks the model a short question with one source: whether it answers, how fast, and what. */
  async test(id: string, dto: ProbeDto): Promise<LlmProbeView> {
    await this.require(id);
    const question = dto?.text ?? PROBE_QUESTION;
    const probe = await runProbe(
      'The LLM',
      // Room for the client's own retries, each bounded by the per-attempt timeout.
      this.settings.llm.timeoutMs * 2,
      async (signal) => {
        const model = await this.chatModel(id);
        let answer = '';
        const events = model.stream({
          messages: [{ role: 'user', content: `[1] probe\n${PROBE_SOURCE}\n\n${question}` }],
          question,
          sources: [{ marker: 1, text: PROBE_SOURCE, relevance: 1 }],
          tools: [],
          signal,
        });
        for await (const event of events) {
          if (event.type === 'text') answer += event.delta;
          if (answer.length >= PROBE_ANSWER_CHARS) break;
        }
        return answer.slice(0, PROBE_ANSWER_CHARS);
      },
      this.logger,
    );
    return { id, ok: probe.ok, latency_ms: probe.latency_ms, answer: probe.value, error: probe.error };
  }

  async delete(id: string): Promise<void> {
    if (!(await this.llms.delete(id))) throw notFound(LlmErrorReason.NotFound, 'LLM not found', { id });
  }

  /**
   * The LLM an agent names, by id or by name; null when none matches.
   */
  async find(reference: string): Promise<Llm | null> {
    const row = isUuid(reference)
      ? ((await this.llms.find(reference.toLowerCase())) ?? (await this.llms.findByName(reference)))
      : await this.llms.findByName(reference);
    return row ? toLlm(row) : null;
  }

  async findDefault(): Promise<Llm | null> {
    const row = await this.llms.findDefault();
    return row ? toLlm(row) : null;
  }

  /** A ready model for one turn; its API key is decrypted here and lives only in the client. */
  async chatModel(id: string): Promise<ChatModel> {
    const row = await this.llms.find(id);
    if (!row) throw llmErrors.unusable(`the LLM ${id} no longer exists; choose another model for the agent`);
    const provider = LLM_PROVIDER_OF[row.provider as LlmProviderName];
    if (!provider)
      throw llmErrors.unusable(`the LLM '${row.name}' has an unknown provider '${row.provider}'`);
    const apiKey =
      row.api_key === null
        ? null
        : this.cipher.openText({ data: row.api_key, keyId: row.api_key_key_id! }, apiKeyAad(id));
    const config: LlmConfig = {
      endpoint: row.endpoint,
      model: row.model,
      hasApiKey: apiKey !== null,
      parameters: row.parameters,
    };
    return provider.create(row.name, config, apiKey, this.settings.llm);
  }

  private configChanges(config: LlmConfig): Partial<LlmWrite> {
    return { endpoint: config.endpoint, model: config.model, parameters: config.parameters };
  }

  private async require(id: string): Promise<LlmRow> {
    const row = await this.llms.find(id);
    if (!row) throw notFound(LlmErrorReason.NotFound, 'LLM not found', { id });
    return row;
  }
}

const nameConflict = (name: string) =>
  conflict(LlmErrorReason.NameTaken, `An LLM named '${name}' already exists`);

/** Two writers racing for one name or for the default: the unique indexes decide, the loser gets a 409. */
function rethrowUniqueName(name: string) {
  return (error: unknown): never => {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'llms_one_default')
      throw conflict(
        LlmErrorReason.DefaultRaced,
        'Another LLM was made the default at the same moment; try again',
      );
    if (code === '23505') throw nameConflict(name);
    throw error;
  };
}
