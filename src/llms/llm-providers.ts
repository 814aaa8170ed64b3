/**
 * What each provider needs of an LLM's fields, and how it makes a ChatModel.
 * Validation names the field as the client wrote it; parameters unknown to the
 * provider are refused rather than stored and silently ignored.
 */
import { parseBaseUrl } from '../common/base-url';
import { invalid } from '../common/errors';
import {
  booleanParameter,
  integerParameter,
  optionalIntegerParameter,
  parameterObject,
  Parameters,
} from '../embeddings/parameters';
import { ChatModel } from './chat-model';
import { DEFAULT_MAX_SENTENCES, ExtractiveModel } from './extractive.model';
import { LlmProviderName } from './llms.dto';
import { OpenAiChatModel } from './openai.model';
import { LlmErrorReason } from './llm-errors';

/** An LLM's provider-specific fields after validation. */
export interface LlmConfig {
  endpoint: string | null;
  model: string | null;
  hasApiKey: boolean;
  parameters: Parameters;
}

export interface ModelOptions {
  timeoutMs: number;
  maxRetries: number;
}

interface LlmProvider {
  normalize(config: LlmConfig): LlmConfig;
  create(name: string, config: LlmConfig, apiKey: string | null, options: ModelOptions): ChatModel;
}

function numberParameter(params: Parameters, name: string, min: number, max: number): number | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalid(LlmErrorReason.InvalidConfig, `parameters.${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

/** An http(s) base URL such as `http://localhost:11434/v1`, trailing slashes removed. */
function endpointUrl(raw: string | null): string {
  if (raw === null || raw.trim() === '')
    throw invalid(LlmErrorReason.InvalidConfig, 'endpoint: is required for the openai provider');
  const parsed = parseBaseUrl(raw);
  if ('url' in parsed) return parsed.url;
  switch (parsed.problem) {
    case 'not_http':
      throw invalid(
        LlmErrorReason.InvalidConfig,
        'endpoint: must be an http(s) URL, such as http://localhost:11434/v1',
      );
    case 'credentials':
      throw invalid(
        LlmErrorReason.InvalidConfig,
        'endpoint: must not contain credentials; send the key as api_key',
      );
    case 'query':
      throw invalid(LlmErrorReason.InvalidConfig, 'endpoint: must not have a query or a fragment');
  }
}

const OPENAI_PARAMETERS = ['temperature', 'top_p', 'max_tokens', 'tools'] as const;

const openai: LlmProvider = {
  normalize(config) {
    if (config.model === null)
      throw invalid(LlmErrorReason.InvalidConfig, 'model: is required for the openai provider');
    const params = parameterObject(config.parameters, OPENAI_PARAMETERS, 'the openai provider');
    const parameters: Parameters = { tools: booleanParameter(params, 'tools', true) };
    const temperature = numberParameter(params, 'temperature', 0, 2);
    const topP = numberParameter(params, 'top_p', 0, 1);
    const maxTokens = optionalIntegerParameter(params, 'max_tokens', { min: 1, max: 10_000_000 });
    if (temperature !== undefined) parameters.temperature = temperature;
    if (topP !== undefined) parameters.top_p = topP;
    if (maxTokens !== undefined) parameters.max_tokens = maxTokens;
    return { ...config, endpoint: endpointUrl(config.endpoint), parameters };
  },
  create(_name, config, apiKey, options) {
    const p = config.parameters;
    return new OpenAiChatModel({
      endpoint: config.endpoint!,
      model: config.model!,
      apiKey,
      temperature: p.temperature as number | undefined,
      topP: p.top_p as number | undefined,
      maxTokens: p.max_tokens as number | undefined,
      tools: p.tools !== false,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  },
};

const extractive: LlmProvider = {
  normalize(config) {
    if (config.endpoint !== null)
      throw invalid(
        LlmErrorReason.InvalidConfig,
        'endpoint: the extractive provider runs inside Trove and takes none',
      );
    if (config.model !== null)
      throw invalid(LlmErrorReason.InvalidConfig, 'model: the extractive provider takes none');
    if (config.hasApiKey)
      throw invalid(LlmErrorReason.InvalidConfig, 'api_key: the extractive provider takes none');
    const params = parameterObject(config.parameters, ['max_sentences'], 'the extractive provider');
    return {
      ...config,
      parameters: {
        max_sentences: integerParameter(params, 'max_sentences', {
          min: 1,
          max: 20,
          fallback: DEFAULT_MAX_SENTENCES,
        }),
      },
    };
  },
  create(name, config) {
    return new ExtractiveModel(name, config.parameters.max_sentences as number);
  },
};

export const LLM_PROVIDER_OF: Record<LlmProviderName, LlmProvider> = { openai, extractive };
