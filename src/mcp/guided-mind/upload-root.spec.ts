import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DomainError } from '../../common/errors';
import { readFromUploadRoot } from './upload-root';

describe('reading file_path on the server', () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'upload-root-spec-')));
  fs.writeFileSync(path.join(root, 'a.txt'), 'twelve bytes');

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };

  it('reads nothing when TROVE_UPLOAD_ROOT is not set, and says what to use instead', async () => {
    const error = await failure(readFromUploadRoot(null, path.join(root, 'a.txt'), 100));
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toBe(
      'file_path: this server reads no files of its own (TROVE_UPLOAD_ROOT is not set). To upload a file from your own machine, run the stdio bridge (`npx trove-mcp`, see the README) or POST it to /pipelines/{id}/files.',
    );
  });

  it('reads a regular file inside the root, relative or absolute', async () => {
    expect(await readFromUploadRoot(root, 'a.txt', 100)).toEqual({
      filename: 'a.txt',
      bytes: Buffer.from('twelve bytes'),
    });
    expect((await readFromUploadRoot(root, path.join(root, 'a.txt'), 100)).filename).toBe('a.txt');
  });

  it('refuses a file larger than an upload may be (413), a NUL byte, and the root itself', async () => {
    expect((await failure(readFromUploadRoot(root, 'a.txt', 11))).code).toBe('payload_too_large');
    expect((await failure(readFromUploadRoot(root, 'a.txt\0.md', 100))).message).toContain(
      'holds a NUL byte',
    );
    expect((await failure(readFromUploadRoot(root, '.', 100))).message).toContain('outside the upload root');
  });
});
