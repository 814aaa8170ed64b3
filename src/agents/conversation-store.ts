/**
 * Conversations as the agents module's services see them: messages and citations
 * with their text opened, written together with the conversation's state in one
 * transaction. Text is sealed here with the content cipher, bound to its row
 * (`agent-message:<id>`, `agent-citation:<id>`), and opened only to answer.
 *
 * The store is the only way to the conversations repository: services ask it by
 * intention (find, list, append, add feedback) and get the shapes defined here.
 */
import { Injectable } from '@nestjs/common';
import { ObjectId } from 'bson';
import { ContentCipher } from '../crypto/content-cipher';
import { Queryable } from '../database/database.service';
import {
  CitationRow,
  ConversationFilter,
  ConversationOrder,
  ConversationRow,
  ConversationsRepository,
  MessageFilter,
  MessageRow,
  MessageType,
  NewCitation,
  NewConversation,
  NewMessage,
} from './conversations.repository';

export { MESSAGE_TYPES } from './conversations.repository';
export type {
  ConversationFilter,
  ConversationOrder,
  ConversationRow,
  DrawnFrom,
  MessageType,
  NewConversation,
} from './conversations.repository';

export const newObjectId = () => new ObjectId().toHexString();

/** A message with its text opened: the one shape of a message the services handle. */
export interface MessageRecord extends Omit<MessageRow, 'content' | 'content_key_id'> {
  content: string;
}

/** The question a user asked, and the answer a turn gave. */
export const isQuestion = (message: { message_type: MessageType }) => message.message_type === 'user_query';
export const isAnswer = (message: { message_type: MessageType }) => message.message_type === 'bot_response';

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
    private readonly repository: ConversationsRepository,
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

  /** Runs `work` in one transaction, for a change decided on rows read under their locks. */
  inTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.repository.transaction(work);
  }

  /** The conversation, locked until `tx` ends (null: none). */
  lock(conversationId: string, tx: Queryable): Promise<ConversationRow | null> {
    return this.repository.lockConversation(conversationId, tx);
  }

  /** The conversation of this id, deleted or not, whoever's it is (null: none). */
  find(conversationId: string): Promise<ConversationRow | null> {
    return this.repository.findConversation(conversationId);
  }

  /** The user's conversations matching `filter`, ordered; a page when `page` is given, else all. */
  list(
    filter: ConversationFilter,
    order: ConversationOrder,
    page: { limit: number; offset: number } | null,
  ): Promise<{ rows: ConversationRow[]; total: number }> {
    return this.repository.listConversations(filter, order, page);
  }

  /** Conversations others shared with the user for the agent (`status`, `archived`: null for any). */
  sharedWith(
    userId: string,
    agentKey: string,
    status: string | null,
    archived: boolean | null,
  ): Promise<ConversationRow[]> {
    return this.repository.listSharedWith(userId, agentKey, status, archived);
  }

  /** The live agents the user has archived conversations with, newest archive first: one page and how many. */
  archivedAgentKeys(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ keys: string[]; total: number }> {
    return this.repository.archivedAgentKeys(userId, limit, offset);
  }

  /** Makes the user the owner of a project id nobody used yet; whether the project is the user's. */
  async claimProject(projectId: string, userId: string): Promise<boolean> {
    return (await this.repository.claimProject(projectId, userId)) === userId;
  }

  async messages(conversationIds: string[]): Promise<StoredMessage[]> {
    return this.withCitations(await this.repository.messages(conversationIds));
  }

  /** One page of a conversation's messages counted from the newest (page 1: the last `limit`), opened. */
  async messagePage(
    conversationId: string,
    filter: MessageFilter,
    page: number,
    limit: number,
  ): Promise<{ messages: StoredMessage[]; total: number; skip: number }> {
    const { rows, total, skip } = await this.repository.messagePage(conversationId, filter, page, limit);
    return { messages: await this.withCitations(rows), total, skip };
  }

  /** A message of the conversation, opened, without its citations (null: none). */
  async message(conversationId: string, messageId: string): Promise<MessageRecord | null> {
    const row = await this.repository.findMessage(conversationId, messageId);
    return row && this.openMessage(row);
  }

  /** Adds a feedback entry to a message; concurrent entries all land. */
  addFeedback(messageId: string, entry: Record<string, unknown>): Promise<void> {
    return this.repository.appendFeedback(messageId, entry);
  }

  private async withCitations(rows: MessageRow[]): Promise<StoredMessage[]> {
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
