/**
 * Encryption at rest of fragment text and queued job payloads: AES-256-GCM with a
 * random 12-byte IV per value, stored as `iv | ciphertext | tag` next to the id of the
 * key that sealed it.
 *
 * Every value is bound to its row by the additional authenticated data (for instance
 * `fragment:<id>`): copying one row's ciphertext into another row makes decryption
 * fail instead of silently showing the wrong text.
 *
 * Rotation: the first configured key seals new values, every configured key opens
 * old ones, so a new key is prepended and the old ones kept until no row uses them.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DomainError, ErrorCode } from '../common/errors';
import { EncryptionKey, parseEncryptionKeys, SETTINGS, Settings } from '../config/settings';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key file the embedded default creates when no key is configured. */
export const KEY_FILE_NAME = 'encryption.key';
/** Its key id: distinct from the ids of configured keys, so it can be listed among them when rotating away from it. */
export const GENERATED_KEY_ID = 'embedded';

export interface Sealed {
  data: Buffer;
  keyId: string;
}

export class ContentCipherCore {
  private readonly byId: ReadonlyMap<string, Buffer>;
  private readonly current: EncryptionKey;

  constructor(keys: EncryptionKey[]) {
    if (keys.length === 0) throw new Error('at least one encryption key is needed');
    this.current = keys[0];
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plaintext: string | Buffer, aad: string): Sealed {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([
      cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext),
      cipher.final(),
    ]);
    return { data: Buffer.concat([iv, body, cipher.getAuthTag()]), keyId: this.current.id };
  }

  open(sealed: Sealed, aad: string): Buffer {
    const key = this.byId.get(sealed.keyId);
    if (key === undefined) {
      throw new DomainError(
        CryptoErrorReason.KeyNotConfigured,
        ErrorCode.Internal,
        `Stored content is encrypted with key '${sealed.keyId}', which is not configured: add it to TROVE_ENCRYPTION_KEY`,
      );
    }
    if (sealed.data.length < IV_BYTES + TAG_BYTES) throw corrupt(aad);
    const iv = sealed.data.subarray(0, IV_BYTES);
    const tag = sealed.data.subarray(sealed.data.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([
        decipher.update(sealed.data.subarray(IV_BYTES, sealed.data.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw corrupt(aad);
    }
  }

  openText(sealed: Sealed, aad: string): string {
    return this.open(sealed, aad).toString('utf8');
  }
}

/** Why stored content cannot be opened. */
export enum CryptoErrorReason {
  /** The content is sealed with a key TROVE_ENCRYPTION_KEY does not hold. */
  KeyNotConfigured = 'crypto.key_not_configured',
  /** The content failed authentication: altered, or another row's. */
  Corrupt = 'crypto.corrupt',
}

function corrupt(aad: string): DomainError {
  return new DomainError(
    CryptoErrorReason.Corrupt,
    ErrorCode.Internal,
    `Stored content of ${aad} failed authentication: it was altered or belongs to another row`,
  );
}

/**
 * The embedded default's key: read from the data folder, or created there (mode 0600)
 * on the first start. Returns whether it was created, so the caller can say so.
 */
export function loadOrCreateKeyFile(dataDir: string): {
  keys: EncryptionKey[];
  file: string;
  created: boolean;
} {
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  let created = false;
  try {
    fs.writeFileSync(file, `${GENERATED_KEY_ID}:${randomBytes(32).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    return { keys: parseEncryptionKeys(fs.readFileSync(file, 'utf8').trim()), file, created };
  } catch (error) {
    throw new Error(
      `The key file ${file} is not a valid key (${(error as Error).message}); restore it from a backup`,
    );
  }
}

/** The Nest provider, built from the settings (or the embedded key file). */
@Injectable()
export class ContentCipher extends ContentCipherCore {
  constructor(@Inject(SETTINGS) settings: Settings) {
    const logger = new Logger(ContentCipher.name);
    let keys = settings.encryptionKeys;
    if (keys === null) {
      // settings.ts refuses a missing key with DATABASE_URL; only the embedded database gets here.
      const generated = loadOrCreateKeyFile(settings.dataDir);
      if (generated.created) {
        logger.warn(
          `No TROVE_ENCRYPTION_KEY set: generated an encryption key in ${generated.file}. ` +
            'Back it up with the data folder: without it the stored documents cannot be read.',
        );
      } else {
        logger.log(`Using the encryption key in ${generated.file}`);
      }
      keys = generated.keys;
    }
    super(keys);
  }
}
