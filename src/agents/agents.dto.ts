/**
 * Request bodies and queries of the agent routes, with the document's names,
 * limits and defaults (AgentCreateRequest, AgentUpdateRequest, the list query).
 * Bodies are strict (`additionalProperties: false`): an unknown field is a 400.
 */
import { z } from 'zod';

export const TOOLSET_NAMES = [
  'calendar',
  'clickup',
  'confluence',
  'confluencedatacenter',
  'drive',
  'github',
  'gmail',
  'jira',
  'jiradatacenter',
  'lumos',
  'mariadb',
  'onedrive',
  'outlook',
  'redshift',
  'salesforce',
  'sharepoint',
  'slack',
  'teams',
  'zoom',
] as const;
export type ToolsetName = (typeof TOOLSET_NAMES)[number];

export const REASONING_EFFORTS = ['none', 'low', 'medium', 'high', 'max'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

const text = (max: number) =>
  z.string({ error: 'must be a string' }).max(max, `must be at most ${max} characters`);
const longText = text(100_000);

const ModelEntrySchema = z.union(
  [
    z.string().min(1, 'must not be empty'),
    z.strictObject({
      modelKey: z.string({ error: 'is required' }).min(1, 'must not be empty'),
      modelName: z.string().optional(),
      provider: z.string().optional(),
      isReasoning: z.boolean({ error: 'must be true or false' }).optional(),
    }),
  ],
  { error: 'must be a model key or {modelKey, modelName, provider, isReasoning}' },
);
export type ModelEntryDto = z.output<typeof ModelEntrySchema>;

const ToolRefSchema = z.strictObject({
  name: z.string({ error: 'is required' }),
  fullName: z.string().optional(),
  description: text(10_000).optional(),
});

const ToolsetSchema = z.strictObject({
  name: z.enum(TOOLSET_NAMES, { error: `must be one of ${TOOLSET_NAMES.join(', ')}` }),
  displayName: text(200).optional(),
  type: text(100).optional(),
  instanceId: text(256).optional(),
  instanceName: text(200).optional(),
  tools: z.array(ToolRefSchema).optional(),
});
export type ToolsetDto = z.output<typeof ToolsetSchema>;

/** The object form of a knowledge scope: classifications (record groups) and document ids (records). */
export const KnowledgeFiltersSchema = z.strictObject({
  recordGroups: z.array(z.string()).optional(),
  records: z.array(z.string()).optional(),
});

const KnowledgeSchema = z.strictObject({
  connectorId: z.string({ error: 'is required' }),
  filters: z
    .union([KnowledgeFiltersSchema, z.string(), z.array(z.unknown())], {
      error: 'must be {recordGroups, records}, a JSON string of it, or an array of classification names',
    })
    .optional(),
});
export type KnowledgeDto = z.output<typeof KnowledgeSchema>;

const SkillSchema = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by single hyphens'),
});

const WebSearchSchema = z.union(
  [
    z.string(),
    z.null(),
    z.strictObject({
      provider: z.string({ error: 'is required' }),
      providerKey: text(256).optional(),
      providerLabel: text(200).optional(),
      iconPath: text(500).optional(),
    }),
  ],
  { error: 'must be a provider name, {provider, providerKey, providerLabel, iconPath} or null' },
);
export type WebSearchDto = z.output<typeof WebSearchSchema>;

const fields = {
  name: z
    .string({ error: 'is required' })
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  description: longText,
  startMessage: longText,
  systemPrompt: longText,
  instructions: longText,
  models: z.array(ModelEntrySchema, { error: 'must be an array' }),
  tags: z.array(text(100), { error: 'must be an array of strings' }).max(50, 'must hold at most 50 tags'),
  shareWithOrg: z.boolean({ error: 'must be true or false' }),
  isServiceAccount: z.boolean({ error: 'must be true or false' }),
  toolsets: z.array(ToolsetSchema, { error: 'must be an array' }).max(100, 'must hold at most 100 toolsets'),
  knowledge: z
    .array(KnowledgeSchema, { error: 'must be an array' })
    .max(100, 'must hold at most 100 entries'),
  skills: z.array(SkillSchema, { error: 'must be an array' }).max(100, 'must hold at most 100 skills'),
  webSearch: WebSearchSchema,
  defaultReasoningEffort: z
    .enum(REASONING_EFFORTS, { error: `must be one of ${REASONING_EFFORTS.join(', ')} or null` })
    .nullable(),
  sendUserContext: z.boolean({ error: 'must be true or false' }),
};

/**
 * Fields stored as free-form JSON: the document bounds how many entries they hold but
 * not how large each is, so each is bounded by TROVE_METADATA_MAX_BYTES as JSON.
 */
export const AGENT_JSON_FIELDS = ['models', 'toolsets', 'knowledge', 'webSearch'] as const;

export const CreateAgentSchema = z.strictObject({
  ...fields,
  description: fields.description.optional(),
  startMessage: fields.startMessage.optional(),
  systemPrompt: fields.systemPrompt.optional(),
  instructions: fields.instructions.optional(),
  models: fields.models.default([]),
  tags: fields.tags.default([]),
  shareWithOrg: fields.shareWithOrg.default(false),
  isServiceAccount: fields.isServiceAccount.default(false),
  toolsets: fields.toolsets.default([]),
  knowledge: fields.knowledge.default([]),
  skills: fields.skills.default([]),
  webSearch: fields.webSearch.optional(),
  defaultReasoningEffort: fields.defaultReasoningEffort.optional(),
  sendUserContext: fields.sendUserContext.default(true),
});
export type CreateAgentDto = z.output<typeof CreateAgentSchema>;

/** A partial update: only the fields present change (no defaults are applied). */
export const UpdateAgentSchema = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  },
);
export type UpdateAgentDto = z.output<typeof UpdateAgentSchema>;

const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be an integer from ${min} to ${max}`);

export const AGENT_SORT_FIELDS = ['updatedAtTimestamp', 'createdAtTimestamp', 'name'] as const;

/** GET /agents: only these five parameters; others are not part of the contract and are ignored. */
export const ListAgentsQuerySchema = z.object({
  page: queryInt(1, 1_000_000).default(1),
  limit: queryInt(1, 200).default(20),
  search: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(1000, 'must be at most 1000 characters')
    .optional(),
  sort_by: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(100, 'must be at most 100 characters')
    .pipe(z.enum(AGENT_SORT_FIELDS, { error: `must be one of ${AGENT_SORT_FIELDS.join(', ')}` }))
    .default('updatedAtTimestamp'),
  sort_order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
});
export type ListAgentsQuery = z.output<typeof ListAgentsQuerySchema>;
