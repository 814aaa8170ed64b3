/**
 * The SQL of conversations, messages, citations and projects. Text columns of
 * messages and citations hold ciphertext; the conversation store seals and opens it.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService, Queryable } from '../database/database.service';
import type { MessageView } from './wire/conversation';

export type ConversationStatus = 'None' | 'Inprogress' | 'Complete' | 'Failed' | 'Stopped';

export interface ConversationError {
  _id: string;
  message: string;
  errorType: string;
  timestamp: string;
  messageId?: string;
}

export interface ConversationRow {
  id: string;
  agent_key: string;
  org_id: string;
  user_id: string;
  title: string;
  status: ConversationStatus;
  fail_reason: string | null;
  model_info: Record<string, string> | null;
  is_shared: boolean;
  shared_with: { userId: string; accessLevel: 'read' | 'write' }[];
  is_archived: boolean;
  archived_by: string | null;
  archived_at: Date | null;
  is_deleted: boolean;
  deleted_by: string | null;
  conversation_errors: ConversationError[];
  project_id: string | null;
  project_visibility: 'private' | 'project' | null;
  version: number;
  last_activity_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** The kinds of message a conversation holds (the agents API's `messageType`). */
export const MESSAGE_TYPES = ['user_query', 'bot_response', 'error', 'feedback', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface MessageRow {
  id: string;
  conversation_id: string;
  message_type: MessageType;
  content: Buffer;
  content_key_id: string;
  // The JSON columns hold what the wire shows (conversation-view.ts presents them as stored).
  content_format: MessageView['contentFormat'];
  confidence: NonNullable<MessageView['confidence']> | null;
  follow_up_questions: MessageView['followUpQuestions'];
  feedback: MessageView['feedback'];
  metadata: Record<string, unknown>;
  model_info: Record<string, string> | null;
  applied_filters: NonNullable<MessageView['appliedFilters']> | null;
  attachments: MessageView['attachments'];
  tools: MessageView['tools'];
  parts: MessageView['parts'];
  /** An answer's sources (answer-access.ts); null for other messages and for answers saved before it was kept. */
  drawn_from: DrawnFrom[] | null;
  created_at: Date;
  updated_at: Date;
}

/** A pipeline and classification an answer's fragments came from. */
export interface DrawnFrom {
  pipeline_id: string;
  classification: string;
}

/** A quoted source: a fragment (pipeline_id ... version) or a passage of an attachment (attachment_id). */
export interface CitationRow {
  id: string;
  message_id: string;
  position: number;
  pipeline_id: string | null;
  document_id: string | null;
  fragment_id: string | null;
  classification: string | null;
  attachment_id: string | null;
  chunk_index: number;
  version: string | number | null;
  score: number;
  relevance: number;
  content: Buffer;
  content_key_id: string;
  metadata: Record<string, unknown>;
  /** The searches that found a fragment (src/search/search-hit.ts FoundBy); none for an attachment's passage. */
  found_by: string[];
  created_at: Date;
}

export interface ConversationFilter {
  userId: string;
  agentKey: string | null;
  archived: boolean;
  /** Inclusive bounds on created_at. */
  from: Date | null;
  to: Date | null;
  /** A project id, 'unassigned' (none), or null (any). */
  projectId: string | null;
}

export interface ConversationOrder {
  column: 'created_at' | 'last_activity_at' | 'title' | 'archived_at';
  descending: boolean;
}

export interface MessageFilter {
  types: string[] | null;
  from: Date | null;
  to: Date | null;
}

const CONVERSATION_COLUMNS = `id, agent_key, org_id, user_id, title, status, fail_reason, model_info, is_shared,
  shared_with, is_archived, archived_by, archived_at, is_deleted, deleted_by, conversation_errors, project_id,
  project_visibility, version, last_activity_at, created_at, updated_at`;
const MESSAGE_COLUMNS = `id, conversation_id, message_type, content, content_key_id, content_format, confidence,
  follow_up_questions, feedback, metadata, model_info, applied_filters, attachments, tools, parts, drawn_from,
  created_at, updated_at`;
const CITATION_COLUMNS = `id, message_id, position, pipeline_id, document_id, fragment_id, classification,
  attachment_id, chunk_index, version, score, relevance, content, content_key_id, metadata, found_by, created_at`;

const JSON_COLUMNS = new Set([
  'model_info',
  'shared_with',
  'conversation_errors',
  'follow_up_questions',
  'feedback',
  'metadata',
  'applied_filters',
  'attachments',
  'tools',
  'parts',
  'drawn_from',
]);

/** `INSERT` of one object's keys, JSON columns as jsonb. */
function insertSql(table: string, row: object): { sql: string; params: unknown[] } {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  return {
    sql: `INSERT INTO ${table} (${entries.map(([c]) => c).join(', ')})
          VALUES (${entries.map(([c], i) => `$${i + 1}${JSON_COLUMNS.has(c) ? '::jsonb' : ''}`).join(', ')})`,
    params: entries.map(([c, v]) => (JSON_COLUMNS.has(c) && v !== null ? JSON.stringify(v) : v)),
  };
}

function setSql(changes: object, params: unknown[]): string[] {
  const sets: string[] = [];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    params.push(JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`);
  }
  return sets;
}

export type NewConversation = Pick<
  ConversationRow,
  | 'id'
  | 'agent_key'
  | 'org_id'
  | 'user_id'
  | 'title'
  | 'status'
  | 'model_info'
  | 'project_id'
  | 'project_visibility'
>;
export type NewMessage = Omit<MessageRow, 'created_at' | 'updated_at' | 'feedback'>;
export type NewCitation = Omit<CitationRow, 'created_at'>;

@Injectable()
export class ConversationsRepository {
  constructor(private readonly db: DatabaseService) {}

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insertConversation(row: NewConversation, tx: Queryable): Promise<void> {
    const { sql, params } = insertSql('agent_conversations', row);
    await tx.query(sql, params);
  }

  async findConversation(id: string, db: Queryable = this.db): Promise<ConversationRow | null> {
    const rows = await db.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM agent_conversations WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The row, locked until the transaction ends (null: none). */
  async lockConversation(id: string, tx: Queryable): Promise<ConversationRow | null> {
    const rows = await tx.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM agent_conversations WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Applies `changes`, bumps the version (`__v`), and answers the row as it is now. */
  async updateConversation(
    id: string,
    changes: Partial<Omit<ConversationRow, 'id' | 'version'>>,
    db: Queryable = this.db,
  ): Promise<ConversationRow> {
    const params: unknown[] = [id];
    const sets = [...setSql(changes, params), 'version = version + 1'];
    if (!('updated_at' in changes)) sets.push('updated_at = now()');
    const rows = await db.query<ConversationRow>(
      `UPDATE agent_conversations SET ${sets.join(', ')} WHERE id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
      params,
    );
    return rows[0];
  }

  /** The caller's conversations matching `filter`, ordered; a page when `page` is given, else all. */
  async listConversations(
    filter: ConversationFilter,
    order: ConversationOrder,
    page: { limit: number; offset: number } | null,
  ): Promise<{ rows: ConversationRow[]; total: number }> {
    const { where, params } = conversationWhere(filter);
    const total = Number(
      (
        await this.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM agent_conversations c WHERE ${where}`,
          params,
        )
      )[0].n,
    );
    const direction = order.descending ? 'DESC' : 'ASC';
    const limit = page ? `LIMIT ${Number(page.limit)} OFFSET ${Number(page.offset)}` : '';
    const rows = await this.db.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM agent_conversations c WHERE ${where}
       ORDER BY ${order.column} ${direction} NULLS LAST, id ${direction} ${limit}`,
      params,
    );
    return { rows, total };
  }

  /**
   * Conversations others shared with this user for the agent. `status` and `archived`
   * filter this branch only, before the route's own "not archived" rule, as the
   * document describes.
   */
  async listSharedWith(userId: string, agentKey: string, status: string | null, archived: boolean | null) {
    const params: unknown[] = [userId, agentKey, JSON.stringify([{ userId }])];
    const where = ['NOT is_deleted', 'agent_key = $2', 'user_id <> $1', 'shared_with @> $3::jsonb'];
    if (status !== null) where.push(`status = $${params.push(status)}`);
    if (archived !== null) where.push(`is_archived = $${params.push(archived)}`);
    where.push('NOT is_archived');
    return this.db.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM agent_conversations WHERE ${where.join(' AND ')} ORDER BY last_activity_at DESC`,
      params,
    );
  }

  /** Agents of live agents with archived conversations of this user, newest archive first; one page and how many. */
  async archivedAgentKeys(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ keys: string[]; total: number }> {
    const from = `FROM agent_conversations c JOIN agents a ON a.key = c.agent_key AND a.deleted_at IS NULL
      WHERE c.user_id = $1 AND c.is_archived AND NOT c.is_deleted`;
    const total = Number(
      (await this.db.query<{ n: string }>(`SELECT count(DISTINCT c.agent_key) AS n ${from}`, [userId]))[0].n,
    );
    const rows = await this.db.query<{ agent_key: string }>(
      `SELECT c.agent_key ${from} GROUP BY c.agent_key ORDER BY max(c.archived_at) DESC, c.agent_key LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { keys: rows.map((r) => r.agent_key), total };
  }

  async insertMessage(row: NewMessage, tx: Queryable): Promise<void> {
    const { sql, params } = insertSql('agent_messages', row);
    await tx.query(sql, params);
  }

  async messages(conversationIds: string[]): Promise<MessageRow[]> {
    if (conversationIds.length === 0) return [];
    return this.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM agent_messages WHERE conversation_id = ANY($1::text[]) ORDER BY seq`,
      [conversationIds],
    );
  }

  /**
   * One page of a conversation's messages counted from the newest: page 1 is the
   * last `limit` messages (in stored order), page 2 the `limit` before them.
   */
  async messagePage(
    conversationId: string,
    filter: MessageFilter,
    page: number,
    limit: number,
  ): Promise<{ rows: MessageRow[]; total: number; skip: number }> {
    const params: unknown[] = [conversationId];
    const where = ['conversation_id = $1'];
    if (filter.types) where.push(`message_type = ANY($${params.push(filter.types)}::text[])`);
    if (filter.from) where.push(`created_at >= $${params.push(filter.from)}`);
    if (filter.to) where.push(`created_at <= $${params.push(filter.to)}`);
    const condition = where.join(' AND ');
    const total = Number(
      (
        await this.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM agent_messages WHERE ${condition}`,
          params,
        )
      )[0].n,
    );
    const end = Math.max(0, total - (page - 1) * limit);
    const skip = Math.max(0, end - limit);
    const rows = await this.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM agent_messages WHERE ${condition} ORDER BY seq
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, end - skip, skip],
    );
    return { rows, total, skip };
  }

  async findMessage(conversationId: string, messageId: string): Promise<MessageRow | null> {
    const rows = await this.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM agent_messages WHERE conversation_id = $1 AND id = $2`,
      [conversationId, messageId],
    );
    return rows[0] ?? null;
  }

  /** Appends one feedback entry atomically (concurrent submissions both land). */
  async appendFeedback(messageId: string, entry: Record<string, unknown>): Promise<void> {
    await this.db.query(
      `UPDATE agent_messages SET feedback = feedback || $2::jsonb, updated_at = now() WHERE id = $1`,
      [messageId, JSON.stringify([entry])],
    );
  }

  async deleteMessage(messageId: string, tx: Queryable): Promise<void> {
    await tx.query(`DELETE FROM agent_messages WHERE id = $1`, [messageId]);
  }

  async insertCitation(row: NewCitation, tx: Queryable): Promise<void> {
    const { sql, params } = insertSql('agent_citations', row);
    await tx.query(sql, params);
  }

  async citations(messageIds: string[]): Promise<CitationRow[]> {
    if (messageIds.length === 0) return [];
    return this.db.query<CitationRow>(
      `SELECT ${CITATION_COLUMNS} FROM agent_citations WHERE message_id = ANY($1::text[]) ORDER BY message_id, position`,
      [messageIds],
    );
  }

  async projectOwner(projectId: string): Promise<string | null> {
    const rows = await this.db.query<{ owner_id: string }>(
      `SELECT owner_id FROM agent_projects WHERE id = $1`,
      [projectId],
    );
    return rows[0]?.owner_id ?? null;
  }

  /** Records the first user of a project id as its owner; the owner as it is now. */
  async claimProject(projectId: string, userId: string): Promise<string> {
    await this.db.query(
      `INSERT INTO agent_projects (id, owner_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      [projectId, userId],
    );
    return (await this.projectOwner(projectId))!;
  }
}

function conversationWhere(filter: ConversationFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [filter.userId, filter.archived];
  const where = ['c.user_id = $1', 'c.is_archived = $2', 'NOT c.is_deleted'];
  if (filter.agentKey !== null) where.push(`c.agent_key = $${params.push(filter.agentKey)}`);
  if (filter.from) where.push(`c.created_at >= $${params.push(filter.from)}`);
  if (filter.to) where.push(`c.created_at <= $${params.push(filter.to)}`);
  if (filter.projectId === 'unassigned') where.push('c.project_id IS NULL');
  else if (filter.projectId !== null) where.push(`c.project_id = $${params.push(filter.projectId)}`);
  return { where: where.join(' AND '), params };
}
