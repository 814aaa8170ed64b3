import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DomainError } from '../common/errors';
import { ContentCipher, ContentCipherCore, GENERATED_KEY_ID, loadOrCreateKeyFile } from './content-cipher';
import { loadSettings } from '../config/settings';

const keyA = { id: 'a', key: Buffer.alloc(32, 1) };
const keyB = { id: 'b', key: Buffer.alloc(32, 2) };

describe('ContentCipherCore', () => {
  it('round-trips text, with a fresh IV each time and no plaintext in the output', () => {
    const cipher = new ContentCipherCore([keyA]);
    const text = 'Refunds for annual plans are prorated. ünïcødé ✓';
    const one = cipher.seal(text, 'fragment:1');
    const two = cipher.seal(text, 'fragment:1');
    expect(one.keyId).toBe('a');
    expect(one.data.equals(two.data)).toBe(false);
    expect(one.data.includes(Buffer.from('Refunds'))).toBe(false);
    expect(one.data.length).toBe(12 + Buffer.byteLength(text) + 16);
    expect(cipher.openText(one, 'fragment:1')).toBe(text);
  });

  it('refuses a ciphertext moved to another row (the AAD binds it)', () => {
    const cipher = new ContentCipherCore([keyA]);
    const sealed = cipher.seal('secret', 'fragment:1');
    expect(() => cipher.openText(sealed, 'fragment:2')).toThrow(/failed authentication/);
  });

  it('refuses a tampered ciphertext', () => {
    const cipher = new ContentCipherCore([keyA]);
    const sealed = cipher.seal('secret', 'fragment:1');
    sealed.data[14] ^= 1;
    expect(() => cipher.openText(sealed, 'fragment:1')).toThrow(DomainError);
    expect(() => cipher.openText({ data: Buffer.alloc(5), keyId: 'a' }, 'fragment:1')).toThrow(
      /failed authentication/,
    );
  });

  it('rotates: the first key seals, every key opens', () => {
    const old = new ContentCipherCore([keyA]).seal('old row', 'fragment:1');
    const rotated = new ContentCipherCore([keyB, keyA]);
    const fresh = rotated.seal('new row', 'fragment:2');
    expect(fresh.keyId).toBe('b');
    expect(rotated.openText(old, 'fragment:1')).toBe('old row');
    expect(rotated.openText(fresh, 'fragment:2')).toBe('new row');
  });

  it('names a key that is no longer configured', () => {
    const sealed = new ContentCipherCore([keyA]).seal('x', 'fragment:1');
    expect(() => new ContentCipherCore([keyB]).openText(sealed, 'fragment:1')).toThrow(
      "Stored content is encrypted with key 'a', which is not configured: add it to TROVE_ENCRYPTION_KEY",
    );
  });
});

describe('the embedded key file', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-cipher-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is created once, mode 0600, and reused', () => {
    const first = loadOrCreateKeyFile(dir);
    expect(first.created).toBe(true);
    expect(first.keys[0].id).toBe(GENERATED_KEY_ID);
    expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);
    const second = loadOrCreateKeyFile(dir);
    expect(second.created).toBe(false);
    expect(second.keys[0].key.equals(first.keys[0].key)).toBe(true);
  });

  it('backs the provider when no key is configured, and a configured key wins', () => {
    const embedded = new ContentCipher(loadSettings({ TROVE_DATA_DIR: dir }));
    expect(embedded.currentKeyId).toBe(GENERATED_KEY_ID);
    const sealed = embedded.seal('kept', 'fragment:9');
    const again = new ContentCipher(loadSettings({ TROVE_DATA_DIR: dir }));
    expect(again.openText(sealed, 'fragment:9')).toBe('kept');
    const configured = new ContentCipher(
      loadSettings({ TROVE_DATA_DIR: dir, TROVE_ENCRYPTION_KEY: `k2:${keyB.key.toString('base64')}` }),
    );
    expect(configured.currentKeyId).toBe('k2');
  });

  it('refuses a damaged key file instead of generating a new key over it', () => {
    fs.writeFileSync(path.join(dir, 'encryption.key'), 'not a key');
    expect(() => loadOrCreateKeyFile(dir)).toThrow(/is not a valid key/);
  });
});
