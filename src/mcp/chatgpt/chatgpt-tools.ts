/**
 * The two tools ChatGPT connectors and deep research require of an MCP server, in
 * the shapes OpenAI documents: `search(query)` answers `{"results": [{id, title, url}]}`
 * and `fetch(id)` answers `{id, title, text, url, metadata}`, each as one `text`
 * content item holding the JSON (what ChatGPT reads), and the same object as
 * `structuredContent`.
 *
 * A result's id names a document of a pipeline: `<pipeline id>:<document id>`.
 * Pure data and functions; chatgpt.service.ts runs the searches and reads.
 */
import { z } from 'zod';
import { isUuid } from '../../common/ids';
import type { ToolResult } from '../guided-mind/guided-mind-tools';
import type { ToolDefinition } from '../tool-definitions';

export const CHATGPT_TOOL_NAMES = ['search', 'fetch'] as const;
export type ChatGptToolName = (typeof CHATGPT_TOOL_NAMES)[number];
export const isChatGptTool = (name: string): name is ChatGptToolName =>
  (CHATGPT_TOOL_NAMES as readonly string[]).includes(name);

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const CHATGPT_TOOLS: readonly ToolDefinition<ChatGptToolName>[] = [
  {
    name: 'search',
    description:
      'Search the documents of every pipeline this key may search. Returns the best-matching documents (id, title, url); read one with fetch.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'what to look for, in natural language' } },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, title: { type: 'string' }, url: { type: 'string' } },
            required: ['id', 'title', 'url'],
            additionalProperties: false,
          },
        },
      },
      required: ['results'],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
  },
  {
    name: 'fetch',
    description:
      'Read one document found by search: its whole text as this key may read it, and its metadata.',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'the id of a search result' } },
      required: ['id'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        title: { type: 'string' },
        text: { type: 'string' },
        url: { type: 'string' },
        metadata: { type: 'object' },
      },
      required: ['id', 'title', 'text', 'url', 'metadata'],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
  },
];

/** Search results per call: ChatGPT reads a handful and fetches the ones it cites. */
export const SEARCH_RESULTS = 10;

const SearchArgs = z.object({
  query: z.string({ error: 'query: is required' }).trim().min(1, 'query: must not be empty'),
});
const FetchArgs = z.object({ id: z.string({ error: 'id: is required' }).min(1, 'id: must not be empty') });

export class ChatGptArgumentError extends Error {}

function parse<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new ChatGptArgumentError(parsed.error.issues[0].message);
  return parsed.data;
}
export const searchArguments = (args: unknown) => parse(SearchArgs, args);
export const fetchArguments = (args: unknown) => parse(FetchArgs, args);

export interface DocumentRef {
  pipelineId: string;
  documentId: string;
}

export const resultId = (ref: DocumentRef) => `${ref.pipelineId}:${ref.documentId}`;

/** The document an id names, or null for an id no search gives (answered as not found). */
export function parseResultId(id: string): DocumentRef | null {
  const [pipelineId, documentId, ...rest] = id.split(':');
  if (rest.length > 0 || !isUuid(pipelineId ?? '') || !documentId) return null;
  return { pipelineId: pipelineId.toLowerCase(), documentId };
}

export interface SearchResult {
  id: string;
  title: string;
  url: string;
}

export interface FetchedDocument extends SearchResult {
  text: string;
  metadata: Record<string, unknown>;
}

/** One tool result: the JSON as one text item, and as structuredContent. */
export function jsonResult(value: object): ToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

export const notFoundText = (id: string) => `Document ${id} not found`;
