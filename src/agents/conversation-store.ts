/**
 * Conversations as the agents module's services see them: messages and citations
 * with their text opened, written together with the conversation's state in one
 * transaction. Text is sealed here with the content cipher, bound to its row
 * (`agent-message:<id>`, `agent-citation:<id>`), and opened only to answer.
 */
import { Injectable } from '@nestjs/common';
import { ObjectId } from 'bson';
import { ContentCipher } from '../crypto/content-cipher';
import { Queryable } from '../database/database.service';
import {
  CitationRow,
  ConversationRow,
  ConversationsRepository,
  MessageRow,
  NewCitation,
  NewConversation,
  NewMessage,
} from './conversations.repository';

export const newObjectId = () => new ObjectId().toHexString();

export interface MessageRecord extends Omit<MessageRow, 'content' | 'content_key_id'> {
  content: string;
}

export interface CitationRecord extends Omit<CitationRow, 'content' | 'content_key_id' | 'version'> {
  content: string;
  version: number | null;
}

export interface StoredMessage {
  message: MessageRecord;
  citations: CitationRecord[];
}

export type MessageInput = Omit<NewMessage, 'content' | 'content_key_id' | 'conversation_id'> & {
  content: string;
};
export type CitationInput = Omit<NewCitation, 'content' | 'content_key_id' | 'message_id' | 'version'> & {
  content: string;
  version: number | null;
};
export type ConversationChanges = Partial<Omit<ConversationRow, 'id' | 'version'>>;

const messageAad = (id: string) => `agent-message:${id}`;
const citationAad = (id: string) => `agent-citation:${id}`;

@Injectable()
export class ConversationStore {
  constructor(
    readonly repository: ConversationsRepository,
    private readonly cipher: ContentCipher,
  ) {}

  /** A new conversation with its first message. */
  async create(conversation: NewConversation, first: MessageInput): Promise<ConversationRow> {
    return this.repository.transaction(async (tx) => {
      await this.repository.insertConversation(conversation, tx);
      await this.repository.insertMessage(this.seal(conversation.id, first), tx);
      return (await this.repository.findConversation(conversation.id, tx))!;
    });
  }

  /**
   * Appends a message (with its citations) and changes the conversation, at once;
   * `replacing` is a message removed in the same transaction (a regenerated answer).
   */
  async append(
    conversationId: string,
    message: MessageInput,
    citations: CitationInput[],
    changes: ConversationChanges,
    replacing?: string,
  ): Promise<ConversationRow> {
    return this.repository.transaction(async (tx) => {
      if (replacing) await this.repository.deleteMessage(replacing, tx);
      return this.appendIn(tx, conversationId, message, citations, changes);
    });
  }

  /** `append`, in the caller's transaction (for a change that must hold with other rows of it). */
  async appendIn(
    tx: Queryable,
    conversationId: string,
    message: MessageInput,
    citations: CitationInput[],
    changes: ConversationChanges,
  ): Promise<ConversationRow> {
    await this.repository.insertMessage(this.seal(conversationId, message), tx);
    for (const citation of citations) {
      const sealed = this.cipher.seal(citation.content, citationAad(citation.id));
      await this.repository.insertCitation(
        { ...citation, message_id: message.id, content: sealed.data, content_key_id: sealed.keyId },
        tx,
      );
    }
    return this.repository.updateConversation(
      conversationId,
      { ...changes, last_activity_at: new Date() },
      tx,
    );
  }

  update(conversationId: string, changes: ConversationChanges): Promise<ConversationRow> {
    return this.repository.updateConversation(conversationId, changes);
  }

  async messages(conversationIds: string[]): Promise<StoredMessage[]> {
    return this.withCitations(await this.repository.messages(conversationIds));
  }

  async withCitations(rows: MessageRow[]): Promise<StoredMessage[]> {
    const citations = await this.repository.citations(rows.map((row) => row.id));
    return rows.map((row) => ({
      message: this.openMessage(row),
      citations: citations.filter((c) => c.message_id === row.id).map((c) => this.openCitation(c)),
    }));
  }

  private openMessage(row: MessageRow): MessageRecord {
    const { content, content_key_id, ...rest } = row;
    return {
      ...rest,
      content: this.cipher.openText({ data: content, keyId: content_key_id }, messageAad(row.id)),
    };
  }

  private openCitation(row: CitationRow): CitationRecord {
    const { content, content_key_id, version, ...rest } = row;
    return {
      ...rest,
      version: version === null ? null : Number(version),
      content: this.cipher.openText({ data: content, keyId: content_key_id }, citationAad(row.id)),
    };
  }

  private seal(conversationId: string, message: MessageInput): NewMessage {
    const sealed = this.cipher.seal(message.content, messageAad(message.id));
    return {
      ...message,
      conversation_id: conversationId,
      content: sealed.data,
      content_key_id: sealed.keyId,
    };
  }
}
