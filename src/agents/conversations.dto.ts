/**
 * Bodies and queries of the conversation routes, with the document's names, limits
 * and rules. Chat bodies strip unknown fields (as the document's gateway does);
 * their nested objects are strict. A `query` with markup or printf-style format
 * specifiers is refused.
 */
import { z } from 'zod';
import { invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { CONVERSATION_SORTS, MESSAGE_SORTS, MESSAGE_TYPES } from './filters-metadata';
import { AgentErrorReason } from './agent-errors';

export const isObjectId = (value: string) => /^[0-9a-fA-F]{24}$/.test(value);
const objectId = z
  .string({ error: 'must be an ObjectId' })
  .refine(isObjectId, 'must be a 24-character hex ObjectId');
const uuid = z.string({ error: 'must be a UUID' }).refine(isUuid, 'must be a UUID');
const nonEmpty = z.string({ error: 'must be a string' }).min(1, 'must not be empty');

/** HTML tags, and C-style conversions such as %s, %d or %5.2f (but not "50% off"). */
const MARKUP = /<\/?[a-z!][^>]*>/i;
const FORMAT_SPECIFIER = /%(?:\d+\$)?[-+#0]*\d*(?:\.\d+)?[sdifuxXeEgGcp](?![a-z])/;

function queryText(max?: number) {
  let schema = z.string({ error: 'is required' }).min(1, 'must not be empty');
  if (max !== undefined) schema = schema.max(max, `must be at most ${max} characters`);
  return schema
    .refine((q) => q.trim() !== '', 'must not be empty')
    .refine((q) => !MARKUP.test(q), 'must not contain markup')
    .refine((q) => !FORMAT_SPECIFIER.test(q), 'must not contain printf-style format specifiers');
}

const currentTime = z
  .string({ error: 'must be a date-time' })
  .refine(
    (v) => /(?:Z|[+-]\d{2}:?\d{2})$/i.test(v) && z.iso.datetime({ offset: true }).safeParse(v).success,
    {
      message: 'must be an ISO 8601 date-time with Z or a numeric offset',
    },
  );

const timezone = nonEmpty.refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone, such as Europe/Paris');

export const FiltersSchema = z.strictObject({ apps: z.array(uuid).optional(), kb: z.array(uuid).optional() });
export type TurnFilters = z.output<typeof FiltersSchema>;

const AppliedFilterNode = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  nodeType: z.string().optional(),
  connector: z.string().optional(),
});
export const AppliedFiltersSchema = z.strictObject({
  apps: z.array(AppliedFilterNode).optional(),
  kb: z.array(AppliedFilterNode).optional(),
});

export const AttachmentRefSchema = z.strictObject({
  recordId: nonEmpty,
  recordName: nonEmpty.optional(),
  mimeType: nonEmpty.optional(),
  extension: nonEmpty.optional(),
  virtualRecordId: nonEmpty.optional(),
});
export type AttachmentRef = z.output<typeof AttachmentRefSchema>;

export const CapabilitiesSchema = z.strictObject({
  internalSearch: z.boolean().default(true),
  webSearch: z.boolean().default(true),
  deepSearch: z.boolean().default(false),
});
export type Capabilities = z.output<typeof CapabilitiesSchema>;

/** The fields every turn request shares (the add-message body). */
const turnFields = {
  filters: FiltersSchema.optional(),
  appliedFilters: AppliedFiltersSchema.optional(),
  attachments: z.array(AttachmentRefSchema).optional(),
  modelKey: nonEmpty.optional(),
  modelName: nonEmpty.optional(),
  modelFriendlyName: nonEmpty.optional(),
  timezone: timezone.optional(),
  currentTime: currentTime.optional(),
  tools: z.array(nonEmpty).optional(),
  protocol: z.literal('agui', { error: 'must be agui' }).optional(),
  agentCapabilities: CapabilitiesSchema.optional(),
  runId: uuid.optional(),
};
const chatMode = z.literal('quick', { error: 'must be quick' });

export const AddMessageSchema = z.object({
  query: queryText(),
  chatMode: chatMode.optional(),
  ...turnFields,
});
/** A first question: the create bodies' `query`, and the question of an AG-UI run (agui-input.ts). */
export const questionText = queryText(100_000);
export const CreateConversationSchema = z.object({
  query: questionText,
  chatMode: chatMode.optional(),
  ...turnFields,
  recordIds: z.array(objectId).optional(),
  projectId: objectId.optional(),
  projectVisibility: z.enum(['private', 'project'], { error: 'must be private or project' }).optional(),
});
export const StreamAddMessageSchema = AddMessageSchema.extend({ chatMode });
export const StreamCreateConversationSchema = CreateConversationSchema.extend({ chatMode });
export const RegenerateSchema = z.object({
  chatMode,
  filters: FiltersSchema.optional(),
  modelKey: turnFields.modelKey,
  modelName: turnFields.modelName,
  modelFriendlyName: turnFields.modelFriendlyName,
  timezone: turnFields.timezone,
  currentTime: turnFields.currentTime,
  tools: turnFields.tools,
  protocol: turnFields.protocol,
  agentCapabilities: turnFields.agentCapabilities,
  runId: turnFields.runId,
});

/**
 * The parts of turn requests kept with the question as free-form JSON, whose sizes the
 * document does not bound: each at most TROVE_METADATA_MAX_BYTES as JSON.
 */
export const TURN_JSON_FIELDS = ['filters', 'appliedFilters', 'attachments', 'tools', 'recordIds'] as const;

export type CreateConversationDto = z.output<typeof CreateConversationSchema>;
export type AddMessageDto = z.output<typeof AddMessageSchema>;
export type RegenerateDto = z.output<typeof RegenerateSchema>;

export const CancelSchema = z.strictObject({ runId: uuid });
export const TitleSchema = z.strictObject({
  title: z
    .string({ error: 'is required' })
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .transform((t) => t.trim())
    .refine((t) => t !== '', 'must not be blank'),
});
export const ProjectSchema = z.strictObject({
  projectId: z.union([objectId, z.null()], { error: 'must be an ObjectId or null' }),
});
export const ProjectVisibilitySchema = z.strictObject({
  visibility: z.enum(['private', 'project'], { error: 'must be private or project' }),
});
export const FEEDBACK_CATEGORIES = [
  'incorrect_information',
  'missing_information',
  'irrelevant_information',
  'unclear_explanation',
  'poor_citations',
  'excellent_answer',
  'helpful_citations',
  'well_explained',
  'other',
] as const;
export const FeedbackSchema = z.strictObject({
  isHelpful: z.boolean({ error: 'must be true or false' }).optional(),
  categories: z
    .array(z.enum(FEEDBACK_CATEGORIES, { error: `must be one of ${FEEDBACK_CATEGORIES.join(', ')}` }))
    .optional(),
  comments: z.strictObject({ positive: z.string().optional(), negative: z.string().optional() }).optional(),
});
export type FeedbackDto = z.output<typeof FeedbackSchema>;
/** Feedback kept as JSON: at most TROVE_METADATA_MAX_BYTES each. */
export const FEEDBACK_JSON_FIELDS = ['categories', 'comments'] as const;

// ---- Query strings (values arrive as strings; a repeated parameter is an array and refused)

const single = z.string({ error: 'must be given once, as a single value' });
const pageParam = single
  .regex(/^\d+$/, 'must be an integer of at least 1')
  .transform(Number)
  .refine((n) => n >= 1, 'must be an integer of at least 1');
const limitParam = (max: number) =>
  single
    .regex(/^\d+$/, `must be an integer from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be an integer from 1 to ${max}`);
const isoDate = single.refine(
  (v) => z.iso.datetime({ offset: true }).safeParse(v).success,
  'must be an ISO 8601 date-time',
);
const anyDate = single.refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date');
const search = single
  .max(1000, 'must be at most 1000 characters')
  .refine((s) => !MARKUP.test(s), 'must not contain markup')
  .refine((s) => !FORMAT_SPECIFIER.test(s), 'must not contain printf-style format specifiers');

/** Op 23: sortBy and sortOrder are lenient (unsupported values fall back), dates are any parseable date. */
export const ListConversationsQuerySchema = z.object({
  page: pageParam.default(1),
  limit: limitParam(100).default(20),
  sortBy: single.optional(),
  sortOrder: single.optional(),
  search: search.optional(),
  startDate: anyDate.optional(),
  endDate: anyDate.optional(),
  status: single.optional(),
  isArchived: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  projectId: single
    .refine((v) => v === 'unassigned' || isObjectId(v), 'must be a project id or unassigned')
    .optional(),
});
export type ListConversationsQuery = z.output<typeof ListConversationsQuerySchema>;

/** Op 7: strict sorting, ISO dates. */
export const ListArchivesQuerySchema = z.object({
  page: pageParam.default(1),
  limit: limitParam(100).default(20),
  sortBy: z.enum(CONVERSATION_SORTS, { error: `must be one of ${CONVERSATION_SORTS.join(', ')}` }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
  search: search.optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export type ListArchivesQuery = z.output<typeof ListArchivesQuerySchema>;

/** Op 6. */
export const ArchiveGroupsQuerySchema = z.object({
  agentPage: pageParam.default(1),
  agentLimit: limitParam(100).default(5),
});

/** Op 22. */
export const DetailQuerySchema = z.object({
  page: pageParam.default(1),
  limit: limitParam(100).default(20),
  sortBy: z.enum(MESSAGE_SORTS, { error: `must be one of ${MESSAGE_SORTS.join(', ')}` }).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  messageType: z.enum(MESSAGE_TYPES, { error: `must be one of ${MESSAGE_TYPES.join(', ')}` }).optional(),
});
export type DetailQuery = z.output<typeof DetailQuerySchema>;

/** A path's conversation or message id: a 400 naming it when malformed, as the document's validators do. */
export function pathObjectId(name: string, value: string): string {
  if (!isObjectId(value))
    throw invalid(AgentErrorReason.InvalidInput, `${name}: must be a 24-character hex ObjectId`);
  return value.toLowerCase();
}
