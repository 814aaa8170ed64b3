/**
 * The shape of the bearer tokens Trove mints itself, as GitHub's: a fixed prefix naming
 * the kind, then the token's id (32 hex digits: its row's UUID), a 32-character base62
 * secret (190 bits) and a 6-character base62 CRC-32 of everything before it. Secret
 * scanners match the prefix and length (docs/security.md gives the expression) and can
 * tell a real token from a look-alike by the checksum without asking Trove; Trove refuses
 * a token whose checksum is wrong before it reads the database.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;

export interface MintedToken {
  /** The token's row id. */
  id: string;
  /** The part to hash and keep. */
  secret: string;
  /** The whole token, shown once. */
  token: string;
}

/** The expression a scanner matches the tokens of one prefix with. */
export const tokenPattern = (prefix: string): RegExp => new RegExp(`^${prefix}[0-9a-f]{32}[0-9A-Za-z]{38}$`);

function base62Secret(): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    // 248 = 4 × 62: bytes above it are skipped so that every character is equally likely.
    for (const byte of randomBytes(SECRET_LENGTH))
      if (byte < 248 && out.length < SECRET_LENGTH) out += BASE62[byte % 62];
  }
  return out;
}

function checksum(text: string): string {
  let value = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const hex = (uuid: string) => uuid.replaceAll('-', '');
const uuidOf = (digits: string) =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;

export function mintToken(prefix: string, id: string): MintedToken {
  const secret = base62Secret();
  const body = `${prefix}${hex(id)}${secret}`;
  return { id, secret, token: body + checksum(body) };
}

/** The id and secret of a well-formed token of this prefix; null for anything else (a wrong checksum included). */
export function parseToken(prefix: string, token: string): { id: string; secret: string } | null {
  if (!tokenPattern(prefix).test(token)) return null;
  const body = token.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== token.slice(-CHECKSUM_LENGTH)) return null;
  const digits = token.slice(prefix.length, prefix.length + 32);
  return { id: uuidOf(digits), secret: body.slice(prefix.length + 32) };
}
