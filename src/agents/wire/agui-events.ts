/**
 * The AG-UI events the agents API's streams send (src/agents/agui-stream.ts and
 * chat.controller.ts), as the schema of one Server-Sent Event's `data:` line: each
 * event is framed `event: <TYPE>` then `data: <JSON whose type is TYPE>`. A stream
 * opens with RUN_STARTED and ends with exactly one RUN_FINISHED or RUN_ERROR; HEARTBEAT
 * (the document's, not AG-UI's) fills silences.
 */
import { z } from 'zod';
import { RunResult } from './answers';

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), timestamp: z.number().int().describe('epoch milliseconds'), ...shape });

export const AguiEvent = z
  .discriminatedUnion('type', [
    event('RUN_STARTED', { threadId: z.string().describe('the conversation id'), runId: z.string() }),
    event('RUN_FINISHED', {
      threadId: z.string(),
      runId: z.string(),
      outcome: z
        .object({ type: z.literal('cancelled') })
        .optional()
        .describe('the run was stopped'),
      result: RunResult,
    }),
    event('RUN_ERROR', {
      message: z.string(),
      code: z.string().describe('the ErrorResponse code, e.g. HTTP_NOT_FOUND'),
    }),
    event('STEP_STARTED', { stepName: z.string() }),
    event('STEP_FINISHED', { stepName: z.string() }),
    event('TOOL_CALL_START', { toolCallId: z.string(), toolCallName: z.string() }),
    event('TOOL_CALL_ARGS', { toolCallId: z.string(), delta: z.string().describe('JSON text') }),
    event('TOOL_CALL_END', { toolCallId: z.string() }),
    event('TOOL_CALL_RESULT', {
      messageId: z.string(),
      toolCallId: z.string(),
      content: z.string(),
      role: z.literal('tool'),
    }),
    event('TEXT_MESSAGE_START', {
      messageId: z.string().describe("the saved answer's id, for its first text message"),
      role: z.literal('assistant'),
    }),
    event('TEXT_MESSAGE_CONTENT', { messageId: z.string(), delta: z.string() }),
    event('TEXT_MESSAGE_END', { messageId: z.string() }),
    event('CUSTOM', {
      name: z.enum(['conversation_created', 'tools_unavailable']),
      value: z.union([
        z.object({ conversationId: z.string(), title: z.string() }),
        z.object({ tools: z.array(z.string()), reason: z.string() }),
      ]),
    }),
    event('HEARTBEAT', {}),
  ])
  .meta({ id: 'AguiEvent' });

/** A short stream, event by event (one `data:` payload each). */
export const AGUI_STREAM_EXAMPLE = [
  { type: 'RUN_STARTED', threadId: '674c1f0a9b3e4d5f6a7b8c90', runId: 'b7e2…', timestamp: 1764581400000 },
  {
    type: 'CUSTOM',
    name: 'conversation_created',
    value: { conversationId: '674c1f0a9b3e4d5f6a7b8c90', title: 'When are refunds issued?' },
    timestamp: 1764581400001,
  },
  { type: 'STEP_STARTED', stepName: 'retrieval', timestamp: 1764581400002 },
  { type: 'STEP_FINISHED', stepName: 'retrieval', timestamp: 1764581400050 },
  {
    type: 'TEXT_MESSAGE_START',
    messageId: '674c1f0a9b3e4d5f6a7b8c91',
    role: 'assistant',
    timestamp: 1764581400051,
  },
  {
    type: 'TEXT_MESSAGE_CONTENT',
    messageId: '674c1f0a9b3e4d5f6a7b8c91',
    delta: 'Refunds are issued within fourteen days [1].',
    timestamp: 1764581400052,
  },
  { type: 'TEXT_MESSAGE_END', messageId: '674c1f0a9b3e4d5f6a7b8c91', timestamp: 1764581400053 },
  {
    type: 'RUN_FINISHED',
    threadId: '674c1f0a9b3e4d5f6a7b8c90',
    runId: 'b7e2…',
    result: { conversation: '…', recordsUsed: 1, meta: '…' },
    timestamp: 1764581400060,
  },
];
