/**
 * Files attached to agent chats (ops 8 and 9) and their use in turns.
 *
 * Upload: the document's limits (at most 10 files of 5 MiB, its eleven MIME types)
 * on top of the files module's own (FilesService.read detects the kind from the
 * bytes and the name, and refuses what it cannot read). Every file is read before
 * anything is stored; one refused file refuses the upload with a 400 naming each
 * refused file and why. Only the text is kept, cut into passages and sealed with the
 * content cipher; the bytes are not stored.
 *
 * An attachment belongs to the key that uploaded it, to the agent it was uploaded
 * to and, when the upload named one, to that conversation. No other key can use,
 * see or delete it, admins included: conversations are their initiator's alone, and
 * so are the files attached to them.
 */
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AuthContext } from '../auth/auth-context';
import { InstallationService } from '../auth/installation.service';
import { badRequest, hasReason, invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { SETTINGS, Settings } from '../config/settings';
import { ContentCipher } from '../crypto/content-cipher';
import { UploadedFile } from '../files/files.dto';
import { FilesService } from '../files/files.service';
import { UploadLimits } from '../files/multipart';
import { FileKind, ParsedFile } from '../files/parsing/parsed-file';
import { AgentRecord } from './agents.repository';
import { AgentsService } from './agents.service';
import { Passage, passagesOf } from './attachment-passages';
import { AttachmentRow, AttachmentsRepository } from './attachments.repository';
import { newObjectId } from './conversation-store';
import { isObjectId } from './conversations.dto';
import { ConversationsService } from './conversations.service';
import { AgentErrorReason } from './agent-errors';

/** The document's limits of one upload: "up to 10 files, 5 MiB each". */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
/** Text types name text loosely (a browser may send a CSV as text/plain): any of them fits any text kind. */
const TEXT_TYPES = ['text/plain', 'text/markdown', 'text/mdx', 'text/csv', 'text/tab-separated-values'];
/** The MIME types the document lists. */
export const ATTACHMENT_TYPES = [PDF, ...IMAGE_TYPES, ...TEXT_TYPES, DOCX, XLSX];
const KIND_OF_TYPE: Readonly<Record<string, FileKind>> = { [PDF]: 'pdf', [DOCX]: 'docx', [XLSX]: 'xlsx' };
const TEXT_KINDS: readonly FileKind[] = ['text', 'markdown', 'csv', 'tsv'];
/** The kinds the files module reads that the document's types cover; HTML and JSON are not among them. */
const ACCEPTED_KINDS: readonly FileKind[] = ['pdf', 'docx', 'xlsx', ...TEXT_KINDS];
const EXTENSION_OF_KIND: Readonly<Record<FileKind, string>> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  csv: 'csv',
  tsv: 'tsv',
  html: 'html',
  markdown: 'md',
  json: 'json',
  text: 'txt',
};
const IMAGE_EXTENSION = /\.(jpe?g|png)$/i;
const ACCEPTED_TEXT = 'PDF, DOCX, XLSX, CSV, TSV, Markdown (.md, .mdx) or plain text';

/** `ChatAttachmentRef` / `ChatAttachmentUploadRef` as stored with a message and answered by op 8. */
export interface AttachmentRefView {
  recordId: string;
  recordName: string;
  mimeType: string;
  extension: string;
  virtualRecordId: string;
}

export interface UploadResponse {
  conversationId: string | null;
  attachments: (AttachmentRefView & { parseMode: string; ocrMode: string })[];
}

/** An attachment a turn may use: its reference and its passages, opened. */
export interface TurnAttachment {
  ref: AttachmentRefView;
  passages: Passage[];
}

/** A request's attachment ids, with the path that names each (for the error naming a missing one). */
export interface AttachmentMention {
  recordId: string;
  path: string;
  what: 'attachment' | 'record';
}

const contentAad = (id: string) => `agent-attachment:${id}`;

@Injectable()
export class AttachmentsService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: AttachmentsRepository,
    private readonly files: FilesService,
    private readonly cipher: ContentCipher,
    private readonly agents: AgentsService,
    private readonly conversations: ConversationsService,
    private readonly installation: InstallationService,
  ) {}

  /** The multipart limits of an upload: the document's, or the files module's where those are tighter. */
  get limits(): UploadLimits {
    const files = this.settings.files;
    return {
      maxBytes: Math.min(files.maxBytes, MAX_ATTACHMENT_BYTES),
      maxPerRequest: Math.min(files.maxPerRequest, MAX_ATTACHMENTS),
      maxRequestBytes: Math.min(files.maxRequestBytes, MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES),
    };
  }

  /** Refuses an unknown agent, or one the key cannot see, before a client sends megabytes for nothing. */
  async requireAgent(auth: AuthContext, agentKey: string): Promise<AgentRecord> {
    return this.agents.requireVisible(auth, agentKey);
  }

  /** Op 8: reads every file, then stores all of them or none. */
  async upload(
    auth: AuthContext,
    agent: AgentRecord,
    files: UploadedFile[],
    fields: Record<string, unknown>,
  ): Promise<UploadResponse> {
    const conversationId = await this.uploadConversation(auth, agent, fields.conversationId);
    const names = new Set<string>();
    for (const file of files) {
      if (names.has(file.filename))
        throw invalid(
          AgentErrorReason.InvalidInput,
          `Two files are named '${file.filename}': an upload may carry each name once`,
        );
      names.add(file.filename);
    }
    // Every file read and of a type the document accepts, or a 400 naming each refused file and why.
    const read = await this.files.readAll(files, (file) => this.readOne(file));
    const orgId = await this.installation.orgId();
    const rows = read.map(({ file, parsed, mimeType }) => {
      const id = newObjectId();
      const passages = passagesOf(parsed.blocks);
      const sealed = this.cipher.seal(JSON.stringify(passages), contentAad(id));
      return {
        id,
        virtual_record_id: virtualRecordId(parsed.sha256),
        org_id: orgId,
        user_id: auth.userId,
        agent_key: agent.key,
        conversation_id: conversationId,
        filename: file.filename,
        mime_type: mimeType,
        extension: extensionOf(file.filename, parsed.kind),
        parse_mode: parsed.kind,
        size: parsed.size,
        sha256: parsed.sha256,
        characters: parsed.characters,
        content: sealed.data,
        content_key_id: sealed.keyId,
      };
    });
    await this.repository.insertMany(rows);
    return {
      conversationId,
      attachments: rows.map((row) => ({
        ...refOf(row),
        parseMode: row.parse_mode,
        // The document's deprecated alias of parseMode, for the clients that still read it.
        ocrMode: row.parse_mode,
      })),
    };
  }

  /**
   * Op 9: false when the key has no such attachment on this agent. Only the key's own
   * can match, so the agent need not be visible any more: a key may still delete what it
   * attached to an agent since deleted or unshared.
   */
  async delete(auth: AuthContext, agentKey: string, recordId: string): Promise<boolean> {
    if (!isUuid(agentKey) || !isObjectId(recordId)) return false;
    const owner = { userId: auth.userId, agentKey: agentKey.toLowerCase() };
    return this.repository.deleteOwned(owner, recordId.toLowerCase());
  }

  /**
   * The attachments a turn names, opened. Each must be the key's own, uploaded to this
   * agent, and either to no conversation or to this one (`conversationId`, null for a
   * first turn); any other is a 400 naming it, as one that does not exist.
   */
  async forTurn(
    auth: AuthContext,
    agent: AgentRecord,
    conversationId: string | null,
    mentions: AttachmentMention[],
  ): Promise<TurnAttachment[]> {
    const ids = [...new Set(mentions.map((m) => m.recordId.toLowerCase()))];
    const rows = await this.repository.findOwned({ userId: auth.userId, agentKey: agent.key }, ids);
    const usable = new Map(
      rows
        .filter((row) => row.conversation_id === null || row.conversation_id === conversationId)
        .map((row) => [row.id, row]),
    );
    const missing = mentions.find((m) => !usable.has(m.recordId.toLowerCase()));
    if (missing)
      throw badRequest(
        AgentErrorReason.RecordNotFound,
        `${missing.path}: ${missing.what} ${missing.recordId} not found`,
      );
    return ids.map((id) => this.open(usable.get(id)!));
  }

  /** Regenerate: the attachments of the question answered again, those still there (a deleted one is gone). */
  async stillThere(auth: AuthContext, agent: AgentRecord, recordIds: string[]): Promise<TurnAttachment[]> {
    const rows = await this.repository.findOwned({ userId: auth.userId, agentKey: agent.key }, recordIds);
    return recordIds.flatMap((id) => rows.filter((row) => row.id === id).map((row) => this.open(row)));
  }

  private open(row: AttachmentRow): TurnAttachment {
    const text = this.cipher.openText({ data: row.content, keyId: row.content_key_id }, contentAad(row.id));
    return { ref: refOf(row), passages: JSON.parse(text) as Passage[] };
  }

  /** `conversationId`: empty is unset; else the key's own conversation with this agent. */
  private async uploadConversation(
    auth: AuthContext,
    agent: AgentRecord,
    value: unknown,
  ): Promise<string | null> {
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string' || !isObjectId(value))
      throw invalid(
        AgentErrorReason.InvalidInput,
        'conversationId: must be empty or a 24-character hex ObjectId',
      );
    const found = await this.conversations
      .requireConversation(auth, agent.key, value)
      .then(({ conversation }) => conversation.id)
      .catch((error) => {
        if (hasReason(error, AgentErrorReason.ConversationNotFound)) return null;
        throw error;
      });
    if (!found)
      throw badRequest(AgentErrorReason.RecordNotFound, `conversationId: conversation ${value} not found`);
    return found;
  }

  private async readOne(
    file: UploadedFile,
  ): Promise<{ file: UploadedFile; parsed: ParsedFile; mimeType: string }> {
    const refuse = (reason: string) =>
      invalid(AgentErrorReason.AttachmentRefused, `File '${file.filename}': ${reason}`);
    const declared = file.declaredType;
    if ((declared && IMAGE_TYPES.includes(declared)) || IMAGE_EXTENSION.test(file.filename)) {
      throw refuse(
        'Trove reads no text from images (it has no OCR); attach the text, or a PDF that has a text layer',
      );
    }
    if (declared && !ATTACHMENT_TYPES.includes(declared))
      throw refuse(`it was sent as ${declared}, which agent chats do not accept; send ${ACCEPTED_TEXT}`);
    const parsed = await this.files.read(file);
    if (!ACCEPTED_KINDS.includes(parsed.kind))
      throw refuse(`it is ${parsed.mimeType}, which agent chats do not accept; send ${ACCEPTED_TEXT}`);
    const text = TEXT_KINDS.includes(parsed.kind);
    if (declared && (text ? !TEXT_TYPES.includes(declared) : KIND_OF_TYPE[declared] !== parsed.kind))
      throw refuse(`it was sent as ${declared}, but its bytes are ${parsed.mimeType}`);
    if (parsed.characters === 0 || parsed.blocks.every((block) => block.text.trim() === ''))
      throw refuse('it holds no text to read');
    // A text type the sender chose (text/mdx, text/markdown) says more than the kind read.
    return { file, parsed, mimeType: text && declared ? declared : parsed.mimeType };
  }
}

function refOf(row: AttachmentRow | Omit<AttachmentRow, 'created_at'>): AttachmentRefView {
  return {
    recordId: row.id,
    recordName: row.filename,
    mimeType: row.mime_type,
    extension: row.extension,
    virtualRecordId: row.virtual_record_id,
  };
}

/** The file name's own extension when it has one, else the usual one of its kind. */
function extensionOf(filename: string, kind: FileKind): string {
  const match = /\.([A-Za-z0-9]{1,16})$/.exec(filename);
  return match ? match[1].toLowerCase() : EXTENSION_OF_KIND[kind];
}

/**
 * The graph layer's "virtual record" id: the same bytes give the same id, as the
 * document's backend gives identical content one virtual record. A UUID (version 8,
 * custom) made of the SHA-256 of the bytes.
 */
function virtualRecordId(sha256: string): string {
  const h = createHash('sha256').update(`trove:virtual-record:${sha256}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
