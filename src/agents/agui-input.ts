/**
 * AG-UI's standard run input, `RunAgentInput` (what @ag-ui/client's HttpAgent,
 * CopilotKit and other AG-UI front ends post), read as an agents-API turn:
 *
 * - `threadId` names a conversation of the caller with the agent: the conversation
 *   whose id is derived from the caller, the agent and the thread id (see
 *   threadConversationId), created on the thread's first run;
 * - the last message, a user message, is the question;
 * - earlier messages are not read: the earlier turns come from the stored
 *   conversation, as the key may read it now, so a client cannot put words (or
 *   citations) in the assistant's mouth;
 * - `tools` (front-end tools), `context`, `state` and `forwardedProps` are accepted
 *   and not used: Trove runs only its own search.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { questionText } from './conversations.dto';

const identifier = z
  .string({ error: 'is required' })
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

/** A text content part of a multimodal AG-UI message; other parts (images, files) carry no question. */
const TextPart = z.looseObject({ type: z.literal('text'), text: z.string() });

const Message = z.looseObject({
  role: z.string({ error: 'must be a string' }),
  content: z.unknown().optional(),
});

/** The text of the last message, or null when it is not a user message with text. */
function lastUserText(messages: z.output<typeof Message>[]): string | null {
  const last = messages[messages.length - 1];
  if (last?.role !== 'user') return null;
  if (typeof last.content === 'string') return last.content;
  if (!Array.isArray(last.content)) return null;
  const texts = last.content.flatMap((part) => {
    const text = TextPart.safeParse(part);
    return text.success ? [text.data.text] : [];
  });
  return texts.length > 0 ? texts.join('\n') : null;
}

export const RunAgentInputSchema = z
  .looseObject({
    threadId: identifier,
    runId: identifier,
    messages: z
      .array(Message, { error: 'must be an array' })
      .transform(lastUserText)
      .pipe(z.string({ error: 'must end with a user message with text' }).pipe(questionText)),
    tools: z.array(z.looseObject({ name: z.string({ error: 'must be a string' }) })).optional(),
    context: z.array(z.unknown(), { error: 'must be an array' }).optional(),
    state: z.unknown().optional(),
    forwardedProps: z.unknown().optional(),
  })
  .transform(({ threadId, runId, messages }) => ({ threadId, runId, question: messages }));
export type RunAgentInput = z.output<typeof RunAgentInputSchema>;

/**
 * The conversation a thread names: an ObjectId-shaped digest of the caller, the agent
 * and the thread id, so the same thread always reaches the same conversation, two
 * callers' threads never meet, and no table maps one to the other.
 */
export function threadConversationId(userId: string, agentKey: string, threadId: string): string {
  return createHash('sha256').update(`${userId}\n${agentKey}\n${threadId}`).digest('hex').slice(0, 24);
}
