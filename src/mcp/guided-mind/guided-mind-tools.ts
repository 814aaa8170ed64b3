/**
 * The Guided Mind MCP tools as the page publishes them: `rag_search`,
 * `upload_document`, `upload_and_process`, with its parameter names, ranges,
 * defaults and result fields. Pure data and functions, shared by the server
 * endpoint (/api/v1/mcp) and the stdio bridge (trove-mcp), so the two list and
 * answer the same tools.
 *
 * Results are the page's objects and stay valid MCP: `rag_search` answers the
 * page's `content` items (each also `type: "text"`, so a client sees text) and
 * `metadata`; the uploads answer the page's fields. In both cases
 * `structuredContent` holds the same data, which is what the official clients
 * read (they keep only the MCP fields of a content item).
 *
 * Every input schema is an object at its root without composition or `$ref`,
 * so every client accepts them (see src/mcp/portable-schemas.ts).
 *
 * This file is the one mapping between the page's words and Trove's: the page calls
 * a pipeline a "project" (`project_id`, the endpoint's `?project_id=`), Trove's code
 * a pipeline; arguments are parsed here into camelCase values and results shaped here
 * from them, so nothing past this file spells the page's names.
 */
import { z } from 'zod';
import { requireUuid } from '../../common/ids';
import { issueMessage } from '../../common/validation';
import type { ToolDefinition } from '../tool-definitions';

export const GUIDED_MIND_TOOL_NAMES = ['rag_search', 'upload_document', 'upload_and_process'] as const;
export type GuidedMindToolName = (typeof GUIDED_MIND_TOOL_NAMES)[number];

export const isGuidedMindTool = (name: string): name is GuidedMindToolName =>
  (GUIDED_MIND_TOOL_NAMES as readonly string[]).includes(name);

export const RAG_SEARCH_DEFAULTS = { limit: 5, threshold: 0.7 } as const;

const FILE_PATH = { type: 'string', minLength: 1, description: 'Local path to the document file' };
const PROJECT_ID = {
  type: 'string',
  description: 'Target project ID (a Trove pipeline id)',
};
const CLASSIFICATION = {
  type: 'string',
  minLength: 1,
  description:
    "The document's classification (one the pipeline defines). Default: the pipeline's narrowest classification the key may write, when there is exactly one",
};

const UPLOAD_RESULT = {
  document_id: { type: 'string' },
  filename: { type: 'string' },
  status: { type: 'string' },
  message: { type: 'string' },
  project_id: { type: 'string' },
};

export type GuidedMindTool = ToolDefinition<GuidedMindToolName>;

export const GUIDED_MIND_TOOLS: readonly GuidedMindTool[] = [
  {
    name: 'rag_search',
    description: 'Search your document index for relevant chunks.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 1000, description: 'Search query (1-1000 chars)' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 20,
          default: RAG_SEARCH_DEFAULTS.limit,
          description: 'Results to return (1-20, default: 5)',
        },
        threshold: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          default: RAG_SEARCH_DEFAULTS.threshold,
          description: 'Min similarity score (0-1, default: 0.7)',
        },
      },
      required: ['query'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        content: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              text: { type: 'string' },
              score: { type: 'number' },
              document_id: { type: 'string' },
              document_name: { type: 'string' },
              project_id: { type: 'string' },
            },
            required: ['text', 'score', 'document_id', 'document_name'],
          },
        },
        metadata: {
          type: 'object',
          properties: {
            chunks_retrieved: { type: 'integer' },
            processing_time_ms: { type: 'integer' },
          },
          required: ['chunks_retrieved', 'processing_time_ms'],
        },
      },
      required: ['content', 'metadata'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'upload_document',
    description: 'Upload a document to your project (processing happens separately).',
    inputSchema: {
      type: 'object',
      properties: { file_path: FILE_PATH, project_id: PROJECT_ID, classification: CLASSIFICATION },
      required: ['file_path', 'project_id'],
    },
    outputSchema: {
      type: 'object',
      properties: UPLOAD_RESULT,
      required: ['document_id', 'filename', 'status', 'message'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: 'upload_and_process',
    description: 'Upload a document and immediately start processing.',
    inputSchema: {
      type: 'object',
      properties: {
        file_path: FILE_PATH,
        project_id: PROJECT_ID,
        chunk_size: {
          type: 'integer',
          minimum: 1,
          maximum: 100000,
          description: 'Override chunk size (default: project setting)',
        },
        chunk_overlap: {
          type: 'integer',
          minimum: 0,
          maximum: 99999,
          description: 'Override chunk overlap (default: project setting)',
        },
        classification: CLASSIFICATION,
      },
      required: ['file_path', 'project_id'],
    },
    outputSchema: {
      type: 'object',
      properties: { ...UPLOAD_RESULT, chunks_created: { type: 'integer' }, version: { type: 'integer' } },
      required: ['document_id', 'filename', 'status', 'chunks_created', 'message'],
    },
    // A new version of the same file name replaces the previous one's fragments.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
];

/** Arguments that do not fit a tool's schema: answered as a tool error naming each field. */
export class ToolArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolArgumentError';
  }
}

const integerIn = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`;
  return z.int({ error: message }).min(min, message).max(max, message);
};

const RagSearchArgs = z.object({
  query: z
    .string({ error: 'must be a string of 1-1000 characters' })
    .min(1, 'must be a string of 1-1000 characters')
    .max(1000, 'must be a string of 1-1000 characters'),
  limit: integerIn(1, 20).default(RAG_SEARCH_DEFAULTS.limit),
  threshold: z
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(RAG_SEARCH_DEFAULTS.threshold),
});

const UploadArgs = z.object({
  file_path: z.string({ error: 'is required: a path to the file' }).min(1, 'must not be empty'),
  project_id: z.string({ error: 'is required: a project (pipeline) id' }).min(1, 'must not be empty'),
  classification: z.string({ error: 'must be a string' }).min(1, 'must not be empty').optional(),
});

const UploadAndProcessArgs = UploadArgs.extend({
  chunk_size: integerIn(1, 100_000).optional(),
  chunk_overlap: integerIn(0, 99_999).optional(),
});

export type RagSearchArguments = z.infer<typeof RagSearchArgs>;

/** An upload's arguments in Trove's words (`pipelineId`: the page's `project_id`, not yet checked as a UUID). */
export interface UploadArguments {
  filePath: string;
  pipelineId: string;
  classification?: string;
  chunkSize?: number;
  chunkOverlap?: number;
}

function parse<T>(schema: z.ZodType<T>, args: unknown): T {
  const result = schema.safeParse(args ?? {}, { error: issueMessage });
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`,
  );
  throw new ToolArgumentError(`Invalid arguments: ${problems.join('; ')}`);
}

export const ragSearchArguments = (args: unknown): RagSearchArguments => parse(RagSearchArgs, args);

export function uploadArguments(
  name: 'upload_document' | 'upload_and_process',
  args: unknown,
): UploadArguments {
  const parsed: z.infer<typeof UploadAndProcessArgs> =
    name === 'upload_document' ? parse(UploadArgs, args) : parse(UploadAndProcessArgs, args);
  if (
    parsed.chunk_size !== undefined &&
    parsed.chunk_overlap !== undefined &&
    parsed.chunk_overlap >= parsed.chunk_size
  ) {
    throw new ToolArgumentError(
      `Invalid arguments: chunk_overlap: must be less than chunk_size (${parsed.chunk_size})`,
    );
  }
  return {
    filePath: parsed.file_path,
    pipelineId: parsed.project_id,
    ...(parsed.classification === undefined ? {} : { classification: parsed.classification }),
    ...(parsed.chunk_size === undefined ? {} : { chunkSize: parsed.chunk_size }),
    ...(parsed.chunk_overlap === undefined ? {} : { chunkOverlap: parsed.chunk_overlap }),
  };
}

/** A pipeline id the caller gave (`project_id`, an argument or the endpoint's), as a UUID or a 422 naming it. */
export const pipelineIdArgument = (value: string): string => requireUuid(value, 'project_id');

/** The endpoint's `?project_id=`: the pipeline `rag_search` searches; null (absent): every pipeline the key may search. */
export function endpointPipelineId(query: Record<string, string | string[] | undefined>): string | null {
  const given = query.project_id;
  const value = Array.isArray(given) ? given[0] : given;
  return value === undefined || value === '' ? null : value;
}

/** The query of an endpoint URL scoped to one pipeline (none: every pipeline). */
export const endpointQuery = (pipelineId: string | null): string =>
  pipelineId ? `?project_id=${encodeURIComponent(pipelineId)}` : '';

/** A hit as GuidedMindService finds it. */
export interface RagSearchHit {
  text: string;
  score: number;
  documentId: string;
  documentName: string;
  pipelineId: string;
}

/** One `rag_search` hit as the page shows it (plus the project it came from). */
export interface RagSearchItem {
  text: string;
  score: number;
  document_id: string;
  document_name: string;
  project_id: string;
}

export const ragSearchItem = (hit: RagSearchHit): RagSearchItem => ({
  text: hit.text,
  score: hit.score,
  document_id: hit.documentId,
  document_name: hit.documentName,
  project_id: hit.pipelineId,
});

export interface ToolResult {
  [key: string]: unknown;
  content: Record<string, unknown>[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The page's `rag_search` result: its content items (with `type: "text"`) and metadata. */
export function ragSearchResult(items: RagSearchItem[], processingTimeMs: number): ToolResult {
  const metadata = { chunks_retrieved: items.length, processing_time_ms: Math.round(processingTimeMs) };
  return {
    content: items.map((item) => ({ type: 'text', ...item })),
    metadata,
    structuredContent: { content: items, metadata },
  };
}

export interface UploadOutcome {
  /** The document made, or (not processed) the file kept. */
  documentId: string;
  filename: string;
  pipelineId: string;
  /** Set when the file was processed: the fragments it made, and the document's version. */
  chunksCreated?: number;
  version?: number;
}

/** The page's upload answers, word for word, with the same object as structured content. */
export function uploadResult(outcome: UploadOutcome, processed: boolean): ToolResult {
  const page = processed
    ? {
        document_id: outcome.documentId,
        filename: outcome.filename,
        status: 'processing',
        chunks_created: outcome.chunksCreated ?? 0,
        message: 'Document uploaded and processing started.',
      }
    : {
        document_id: outcome.documentId,
        filename: outcome.filename,
        status: 'uploaded',
        message: 'Document uploaded successfully.',
      };
  const structured = {
    ...page,
    project_id: outcome.pipelineId,
    ...(outcome.version === undefined ? {} : { version: outcome.version }),
  };
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured,
    ...page,
  };
}

/** A failure the caller can act on, as MCP tells a model about it: a result marked as an error. */
export function toolError(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * The name a hit shows for its document: the uploaded file's name, else a title or
 * name the document's metadata gives, else its id.
 */
export function documentName(documentId: string, metadata: Record<string, unknown>): string {
  for (const key of ['filename', 'title', 'name', 'source']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return documentId;
}
