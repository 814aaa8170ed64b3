/**
 * Messages as the caller may see them now: grants and classification allow-lists shrink
 * after answers were given, and what an answer says is no more readable than what it
 * was drawn from. So, with the key's grants of today, not of the day of the answer:
 *
 * - a citation is shown while the key may read its pipeline and classification;
 * - an answer is shown, matched by a search of conversations and sent to a model again
 *   (a follow-up's history) only while the key may read every pipeline and classification
 *   its turn retrieved from (`drawn_from`, cited or not; for answers saved before that was
 *   kept, its citations). Otherwise it is withheld: WITHHELD_ANSWER in place of its text,
 *   without its follow-up questions, tool queries or citations.
 *
 * The user's own questions stay as written. A citation of an attached file is shown while
 * the file exists (deleting it deletes its citations): only its uploader's conversations
 * can cite it.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { allowedClassifications } from '../pipelines/classification-access';
import { PipelinesService } from '../pipelines/pipelines.service';
import { ConversationStore, DrawnFrom, isAnswer, StoredMessage } from './conversation-store';
import { presentDetailMessage, presentMessage } from './conversation-view';
import { DetailMessageView, MessageView } from './wire/conversation';

export const WITHHELD_ANSWER = 'This answer is withheld: it drew on sources this API key can no longer read.';

@Injectable()
export class ConversationPresenter {
  constructor(
    private readonly store: ConversationStore,
    private readonly pipelines: PipelinesService,
  ) {}

  /** Every message of a conversation in the `Message` projection. */
  async messages(auth: AuthContext, conversationId: string, orgId: string): Promise<MessageView[]> {
    const stored = await this.readable(auth, await this.store.messages([conversationId]));
    return stored.map((message) => presentMessage(message, orgId));
  }

  /** These messages in the detail projection. */
  async detailMessages(
    auth: AuthContext,
    messages: StoredMessage[],
    orgId: string,
  ): Promise<DetailMessageView[]> {
    const stored = await this.readable(auth, messages);
    return stored.map((message) => presentDetailMessage(message, orgId));
  }

  /** The messages as the key may read them now: citations it may not read dropped, answers it may not read withheld. */
  async readable(auth: AuthContext, messages: StoredMessage[]): Promise<StoredMessage[]> {
    const mayRead = await this.readableSources(auth, messages);
    return messages.map(({ message, citations }) => {
      const visible = citations.filter(
        (c) =>
          c.attachment_id !== null ||
          mayRead({ pipeline_id: c.pipeline_id!, classification: c.classification! }),
      );
      if (!isAnswer(message) || sourcesOf({ message, citations }).every(mayRead))
        return { message, citations: visible };
      return {
        message: {
          ...message,
          content: WITHHELD_ANSWER,
          follow_up_questions: [],
          tools: [],
          parts: [{ type: 'text', content: WITHHELD_ANSWER, isFinal: true }],
        },
        citations: [],
      };
    });
  }

  /** Whether the key may read fragments of a pipeline and classification, for those these messages name. */
  private async readableSources(
    auth: AuthContext,
    messages: StoredMessage[],
  ): Promise<(source: DrawnFrom) => boolean> {
    const allowed = new Map<string, Set<string> | 'all' | null>();
    for (const id of new Set(messages.flatMap((m) => sourcesOf(m).map((s) => s.pipeline_id)))) {
      const pipeline = auth.can(id, Permission.Read)
        ? await this.pipelines.access(auth, id, Permission.Read).catch(() => null)
        : null;
      const names = pipeline ? allowedClassifications(auth, pipeline) : null;
      allowed.set(id, pipeline === null ? null : names === null ? 'all' : new Set(names));
    }
    return ({ pipeline_id, classification }) => {
      const access = allowed.get(pipeline_id);
      return access === 'all' || (access instanceof Set && access.has(classification));
    };
  }
}

/** What a message was drawn from: its recorded sources, else (older answers) its fragment citations. */
function sourcesOf({ message, citations }: StoredMessage): DrawnFrom[] {
  if (message.drawn_from) return message.drawn_from;
  return citations.flatMap((c) =>
    c.attachment_id === null ? [{ pipeline_id: c.pipeline_id!, classification: c.classification! }] : [],
  );
}
