import { z } from 'zod';
import { nameSchema } from '../common/validation';

export const LLM_PROVIDERS = ['openai', 'extractive'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

const name = nameSchema;
const description = z
  .string({ error: 'must be a string' })
  .max(2000, 'must be at most 2000 characters')
  .nullable();
const endpoint = z.string({ error: 'must be a URL' }).max(2048, 'must be at most 2048 characters').nullable();
const model = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(512).nullable();
/** Write-only: stored encrypted, never returned; null removes it. */
const apiKey = z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(4096).nullable();
const flag = z.boolean({ error: 'must be true or false' });
const contextWindow = z
  .number({ error: 'must be an integer' })
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .max(100_000_000, 'must be at most 100000000')
  .nullable();
const parameters = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });

/** A body's snake_case fields in Trove's names: the services take camelCase. */
function inTroveNames<
  T extends {
    api_key?: string | null;
    is_default?: boolean;
    is_reasoning?: boolean;
    context_window?: number | null;
  },
>({
  api_key,
  is_default,
  is_reasoning,
  context_window,
  ...rest
}: T): Omit<T, 'api_key' | 'is_default' | 'is_reasoning' | 'context_window'> & {
  apiKey: T['api_key'];
  isDefault: T['is_default'];
  isReasoning: T['is_reasoning'];
  contextWindow: T['context_window'];
} {
  return {
    ...rest,
    apiKey: api_key,
    isDefault: is_default,
    isReasoning: is_reasoning,
    contextWindow: context_window,
  };
}

/** The body of POST /llms, parsed into Trove's names. */
export const CreateLlmSchema = z
  .strictObject({
    name,
    description: description.optional(),
    provider: z.enum(LLM_PROVIDERS, { error: `must be one of ${LLM_PROVIDERS.join(', ')}` }),
    endpoint: endpoint.optional(),
    model: model.optional(),
    api_key: apiKey.optional(),
    is_default: flag.default(false),
    is_reasoning: flag.default(false),
    context_window: contextWindow.optional(),
    parameters: parameters.default({}),
  })
  .transform(inTroveNames);
export type CreateLlmDto = z.output<typeof CreateLlmSchema>;

/** Every field optional; the provider cannot change (register another LLM instead). Parsed into Trove's names. */
export const UpdateLlmSchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    endpoint: endpoint.optional(),
    model: model.optional(),
    api_key: apiKey.optional(),
    is_default: flag.optional(),
    is_reasoning: flag.optional(),
    context_window: contextWindow.optional(),
    parameters: parameters.optional(),
  })
  .transform(inTroveNames);
export type UpdateLlmDto = z.output<typeof UpdateLlmSchema>;
