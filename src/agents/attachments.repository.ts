/**
 * The SQL of chat attachments. `content` holds ciphertext (the passages read from the
 * file); the attachments service seals and opens it. Every lookup is by owner: a key
 * finds only the attachments it uploaded, to the agent it names.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';

export interface AttachmentRow {
  id: string;
  virtual_record_id: string;
  org_id: string;
  user_id: string;
  agent_key: string;
  conversation_id: string | null;
  filename: string;
  mime_type: string;
  extension: string;
  parse_mode: string;
  size: number;
  sha256: string;
  characters: number;
  content: Buffer;
  content_key_id: string;
  created_at: Date;
}

export type NewAttachment = Omit<AttachmentRow, 'created_at'>;

/** Whose attachment: the key (its user id) and the agent it was uploaded to. */
export interface AttachmentOwner {
  userId: string;
  agentKey: string;
}

const COLUMNS = `id, virtual_record_id, org_id, user_id, agent_key, conversation_id, filename, mime_type,
  extension, parse_mode, size, sha256, characters, content, content_key_id, created_at`;
const INSERTED: (keyof NewAttachment)[] = [
  'id',
  'virtual_record_id',
  'org_id',
  'user_id',
  'agent_key',
  'conversation_id',
  'filename',
  'mime_type',
  'extension',
  'parse_mode',
  'size',
  'sha256',
  'characters',
  'content',
  'content_key_id',
];

@Injectable()
export class AttachmentsRepository {
  constructor(private readonly db: DatabaseService) {}

  /** All of them in one transaction: an upload stores every file or none. */
  async insertMany(rows: NewAttachment[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.query(
          `INSERT INTO agent_attachments (${INSERTED.join(', ')})
           VALUES (${INSERTED.map((_, i) => `$${i + 1}`).join(', ')})`,
          INSERTED.map((column) => row[column]),
        );
      }
    });
  }

  /** The owner's attachments among `ids` (any other id is simply not found). */
  async findOwned(owner: AttachmentOwner, ids: string[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<AttachmentRow>(
      `SELECT ${COLUMNS} FROM agent_attachments
       WHERE id = ANY($1::text[]) AND user_id = $2 AND agent_key = $3`,
      [ids, owner.userId, owner.agentKey],
    );
    return rows.map((row) => ({ ...row, size: Number(row.size) }));
  }

  /** Deletes the owner's attachment (and, by cascade, the citations quoting it); false when there is none. */
  async deleteOwned(owner: AttachmentOwner, id: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `DELETE FROM agent_attachments WHERE id = $1 AND user_id = $2 AND agent_key = $3 RETURNING id`,
      [id, owner.userId, owner.agentKey],
    );
    return rows.length > 0;
  }
}
