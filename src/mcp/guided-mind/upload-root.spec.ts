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
    expect((await failure(readFromUploadRoot(root, '.', 100))).message).toContain('not a regular file');
  });

  describe('a folder of the path swapped for a link out between the check and the open', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-root-spec-outside-'));
    fs.writeFileSync(path.join(outside, 'b.txt'), 'outside bytes');
    const folder = path.join(root, 'swapped');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'b.txt'), 'inside bytes');
    const open = fs.promises.open;
    const readlink = fs.promises.readlink;

    const swap = () => {
      fs.renameSync(folder, `${folder}-aside`);
      fs.symlinkSync(outside, folder);
    };
    const swapBack = () => {
      fs.unlinkSync(folder);
      fs.renameSync(`${folder}-aside`, folder);
    };
    /** Opens as the code does, with the swap done just before (and undone just after, if asked). */
    const swapAroundOpen = (undo: boolean) =>
      jest.spyOn(fs.promises, 'open').mockImplementationOnce(async (...args: Parameters<typeof open>) => {
        swap();
        try {
          return await open(...args);
        } finally {
          if (undo) swapBack();
        }
      });
    const withoutProc = () =>
      jest
        .spyOn(fs.promises, 'readlink')
        .mockImplementation(((target: fs.PathLike, ...rest: never[]) =>
          String(target).startsWith('/proc/')
            ? Promise.reject(Object.assign(new Error('no /proc'), { code: 'ENOENT' }))
            : readlink(target, ...rest)) as typeof readlink);

    /** A swap left in place and a swap undone right after the open are both refused; no swap, read. */
    const expectSwapsRefused = async () => {
      for (const undo of [false, true]) {
        swapAroundOpen(undo);
        expect((await failure(readFromUploadRoot(root, 'swapped/b.txt', 100))).message).toContain(
          'it changed while it was opened',
        );
        if (!undo) swapBack();
      }
      expect((await readFromUploadRoot(root, 'swapped/b.txt', 100)).bytes.toString()).toBe('inside bytes');
    };

    afterEach(() => {
      jest.restoreAllMocks();
      if (fs.lstatSync(folder).isSymbolicLink()) swapBack();
    });

    it('refuses what was opened: the descriptor names a file outside the root', async () => {
      await expectSwapsRefused();
    });

    it('without /proc, resolves the path again and refuses another inode than the one opened', async () => {
      const procRead = withoutProc();
      await expectSwapsRefused();
      expect(procRead).toHaveBeenCalledWith(expect.stringMatching(/^\/proc\/self\/fd\/\d+$/));
    });

    it('refuses a file with another hard link: it may be the very file outside', async () => {
      fs.linkSync(path.join(outside, 'b.txt'), path.join(root, 'hard-link.txt'));
      expect((await failure(readFromUploadRoot(root, 'hard-link.txt', 100))).message).toContain(
        'it has other hard links',
      );
    });
  });
});
