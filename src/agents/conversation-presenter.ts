/**
 * Messages as the caller may see them: opened, presented, and with the citations
 * their key may still read (its grants and classification allow-list of today, not
 * of the day the answer was given). A citation of an attached file is shown while the
 * file exists (deleting it deletes its citations): only its uploader's conversations
 * can cite it.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { allowedClassifications } from '../pipelines/classification-access';
import { PipelinesService } from '../pipelines/pipelines.service';
import { CitationRecord, ConversationStore, StoredMessage } from './conversation-store';
import { CitationFilter, presentDetailMessage, presentMessage } from './conversation-view';
import { MessageRow } from './conversations.repository';

@Injectable()
export class ConversationPresenter {
  constructor(
    private readonly store: ConversationStore,
    private readonly pipelines: PipelinesService,
  ) {}

  /** Every message of a conversation in the `Message` projection. */
  async messages(auth: AuthContext, conversationId: string, orgId: string) {
    const stored = await this.store.messages([conversationId]);
    const visible = await this.citationFilter(auth, stored);
    return stored.map((message) => presentMessage(message, orgId, visible));
  }

  /** These message rows in the detail projection. */
  async detailMessages(auth: AuthContext, rows: MessageRow[], orgId: string) {
    const stored = await this.store.withCitations(rows);
    const visible = await this.citationFilter(auth, stored);
    return stored.map((message) => presentDetailMessage(message, orgId, visible));
  }

  private async citationFilter(auth: AuthContext, messages: StoredMessage[]): Promise<CitationFilter> {
    const allowed = new Map<string, Set<string> | 'all' | null>();
    const pipelineIds = messages.flatMap((m) =>
      m.citations.flatMap((c) => (c.pipeline_id ? [c.pipeline_id] : [])),
    );
    for (const id of new Set(pipelineIds)) {
      const pipeline = auth.can(id, Permission.Read)
        ? await this.pipelines.access(auth, id, Permission.Read).catch(() => null)
        : null;
      const names = pipeline ? allowedClassifications(auth, pipeline) : null;
      allowed.set(id, pipeline === null ? null : names === null ? 'all' : new Set(names));
    }
    return (citation: CitationRecord) => {
      if (citation.attachment_id !== null) return true;
      const access = allowed.get(citation.pipeline_id!);
      return access === 'all' || (access instanceof Set && access.has(citation.classification!));
    };
  }
}
