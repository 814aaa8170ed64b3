import { Injectable } from '@nestjs/common';
import { escapeLike } from '../common/list';
import { DatabaseService, Queryable } from '../database/database.service';
import { ReasoningEffort, ToolsetName } from './agents.dto';
import { StoredFilters } from './knowledge-scope';

/** A model entry as stored: the LLM's id and what the agent said about it. */
export interface StoredModel {
  modelKey: string;
  modelName: string;
  provider: string;
  isReasoning: boolean;
}

export interface StoredTool {
  key: string;
  name: string;
  fullName: string;
  description?: string;
}

export interface StoredWebSearch {
  provider: string;
  providerKey?: string;
  providerLabel?: string;
  iconPath?: string;
}

export interface AgentRow {
  key: string;
  rev: string;
  name: string;
  description: string;
  start_message: string;
  system_prompt: string;
  instructions: string | null;
  models: StoredModel[];
  tags: string[];
  share_with_org: boolean;
  is_service_account: boolean;
  web_search: StoredWebSearch | null;
  default_reasoning_effort: ReasoningEffort | null;
  send_user_context: boolean;
  created_by: string;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface KnowledgeRow {
  key: string;
  pipeline_id: string;
  /** As the creator sent it (an array is normalised to {recordGroups}); null when absent. */
  filters: StoredFilters;
}

export interface ToolsetRow {
  key: string;
  name: ToolsetName;
  display_name: string | null;
  type: string | null;
  instance_id: string | null;
  instance_name: string | null;
  tools: StoredTool[];
}

export interface AgentRecord extends AgentRow {
  knowledge: KnowledgeRow[];
  toolsets: ToolsetRow[];
  skills: string[];
}

export type AgentChildren = Pick<AgentRecord, 'knowledge' | 'toolsets' | 'skills'>;

export interface AgentListQuery {
  userId: string;
  admin: boolean;
  search: string | null;
  sortColumn: 'updated_at' | 'created_at' | 'name';
  descending: boolean;
  limit: number;
  offset: number;
}

const COLUMNS = `key, rev, name, description, start_message, system_prompt, instructions, models, tags,
  share_with_org, is_service_account, web_search, default_reasoning_effort, send_user_context,
  created_by, updated_by, created_at, updated_at, deleted_at`;

/** Columns whose values go in as JSON text. */
const JSON_COLUMNS = new Set(['models', 'web_search']);
export type AgentFields = Omit<AgentRow, 'key' | 'created_by' | 'created_at' | 'updated_at' | 'deleted_at'>;

@Injectable()
export class AgentsRepository {
  constructor(private readonly db: DatabaseService) {}

  async insert(
    row: AgentFields & { key: string; created_by: string },
    children: AgentChildren,
    tx: Queryable,
  ) {
    const entries = Object.entries(row);
    await tx.query(
      `INSERT INTO agents (${entries.map(([column]) => column).join(', ')})
       VALUES (${entries.map(([column], i) => `$${i + 1}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`).join(', ')})`,
      entries.map(([column, value]) => (JSON_COLUMNS.has(column) ? JSON.stringify(value) : value)),
    );
    await this.replaceChildren(row.key, children, tx);
  }

  async update(key: string, changes: Partial<AgentFields>, tx: Queryable): Promise<void> {
    const params: unknown[] = [key];
    const sets = ['updated_at = now()'];
    for (const [column, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      params.push(JSON_COLUMNS.has(column) ? JSON.stringify(value) : value);
      sets.push(`${column} = $${params.length}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`);
    }
    await tx.query(`UPDATE agents SET ${sets.join(', ')} WHERE key = $1`, params);
  }

  /** Replaces the given sets of children; the others stay as they are. */
  async replaceChildren(key: string, children: Partial<AgentChildren>, tx: Queryable): Promise<void> {
    if (children.knowledge) {
      await tx.query(`DELETE FROM agent_knowledge WHERE agent_key = $1`, [key]);
      for (const [position, k] of children.knowledge.entries()) {
        await tx.query(
          `INSERT INTO agent_knowledge (key, agent_key, position, pipeline_id, filters) VALUES ($1, $2, $3, $4, $5::jsonb)`,
          [k.key, key, position, k.pipeline_id, k.filters === null ? null : JSON.stringify(k.filters)],
        );
      }
    }
    if (children.toolsets) {
      await tx.query(`DELETE FROM agent_toolsets WHERE agent_key = $1`, [key]);
      for (const [position, t] of children.toolsets.entries()) {
        await tx.query(
          `INSERT INTO agent_toolsets (key, agent_key, position, name, display_name, type, instance_id, instance_name, tools)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
          [
            t.key,
            key,
            position,
            t.name,
            t.display_name,
            t.type,
            t.instance_id,
            t.instance_name,
            JSON.stringify(t.tools),
          ],
        );
      }
    }
    if (children.skills) {
      await tx.query(`DELETE FROM agent_skills WHERE agent_key = $1`, [key]);
      for (const [position, name] of children.skills.entries()) {
        await tx.query(`INSERT INTO agent_skills (agent_key, name, position) VALUES ($1, $2, $3)`, [
          key,
          name,
          position,
        ]);
      }
    }
  }

  async find(key: string, db: Queryable = this.db): Promise<AgentRecord | null> {
    const rows = await db.query<AgentRow>(`SELECT ${COLUMNS} FROM agents WHERE key = $1`, [key]);
    return rows[0] ? (await this.withChildren(rows, db))[0] : null;
  }

  /** Locks the agent row for the rest of the transaction (updates do not interleave). */
  async lock(key: string, tx: Queryable): Promise<void> {
    await tx.query(`SELECT key FROM agents WHERE key = $1 FOR UPDATE`, [key]);
  }

  /** Live agents the key may see, one page, and how many there are in all. */
  async list(query: AgentListQuery): Promise<{ agents: AgentRecord[]; total: number }> {
    const params: unknown[] = [query.userId, query.admin];
    const where = ['deleted_at IS NULL', '($2 OR created_by = $1 OR share_with_org)'];
    if (query.search !== null) {
      params.push(`%${escapeLike(query.search)}%`);
      const p = `$${params.length}`;
      where.push(
        `(name ILIKE ${p} OR description ILIKE ${p} OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE ${p}))`,
      );
    }
    const filter = where.join(' AND ');
    const total = Number(
      (await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM agents WHERE ${filter}`, params))[0].n,
    );
    const direction = query.descending ? 'DESC' : 'ASC';
    const rows = await this.db.query<AgentRow>(
      `SELECT ${COLUMNS} FROM agents WHERE ${filter}
       ORDER BY ${query.sortColumn} ${direction}, key ${direction}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    );
    return { agents: await this.withChildren(rows), total };
  }

  /** Tombstones a live agent; false when there was none. */
  async softDelete(key: string, userId: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE agents SET deleted_at = now(), updated_at = now(), updated_by = $2
       WHERE key = $1 AND deleted_at IS NULL RETURNING key`,
      [key, userId],
    );
    return rows.length > 0;
  }

  /** The keys of these agents that are live (for conversation listings that skip deleted agents). */
  async liveKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.query<{ key: string }>(
      `SELECT key FROM agents WHERE key = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [keys],
    );
    return new Set(rows.map((r) => r.key));
  }

  private async withChildren(rows: AgentRow[], db: Queryable = this.db): Promise<AgentRecord[]> {
    if (rows.length === 0) return [];
    const keys = rows.map((r) => r.key);
    const knowledge = await db.query<KnowledgeRow & { agent_key: string }>(
      `SELECT key, agent_key, pipeline_id, filters FROM agent_knowledge WHERE agent_key = ANY($1::uuid[]) ORDER BY position`,
      [keys],
    );
    const toolsets = await db.query<ToolsetRow & { agent_key: string }>(
      `SELECT key, agent_key, name, display_name, type, instance_id, instance_name, tools
       FROM agent_toolsets WHERE agent_key = ANY($1::uuid[]) ORDER BY position`,
      [keys],
    );
    const skills = await db.query<{ agent_key: string; name: string }>(
      `SELECT agent_key, name FROM agent_skills WHERE agent_key = ANY($1::uuid[]) ORDER BY position`,
      [keys],
    );
    return rows.map((row) => ({
      ...row,
      knowledge: knowledge.filter((k) => k.agent_key === row.key).map(({ agent_key: _, ...k }) => k),
      toolsets: toolsets.filter((t) => t.agent_key === row.key).map(({ agent_key: _, ...t }) => t),
      skills: skills.filter((s) => s.agent_key === row.key).map((s) => s.name),
    }));
  }
}
