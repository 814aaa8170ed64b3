/**
 * The embedded database's socket folders (issue 20, item 15): each Trove makes a private
 * folder under TROVE_TMP_DIR for its socket, and one killed with -9 cannot remove it.
 * The next start removes the folders whose process is gone, and nothing else: not the
 * folder of a Trove still running, not one without Trove's stamp.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Api } from '../support/http';
import { createTestDatabase, startTrove, TroveDatabase } from '../support/trove-process';

const socketFolders = (tmpDir: string) =>
  fs
    .readdirSync(tmpDir)
    .filter((name) => name.startsWith('trove-pg-'))
    .sort();

describe('socket folders of the embedded database', () => {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-sockets-'));
  const databases: TroveDatabase[] = [];
  const env = { TROVE_TMP_DIR: tmpDir };

  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  it('are removed at start once their process is gone, and only then', async () => {
    const [first, second] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('pglite')]);
    databases.push(first, second);
    // Not Trove's to judge: a folder of its name without its stamp, and a file of its name.
    fs.mkdirSync(path.join(tmpDir, 'trove-pg-unstamped'), { mode: 0o700 });
    fs.writeFileSync(path.join(tmpDir, 'trove-pg-file'), '');

    const killed = await startTrove(first, { env });
    const [leftBehind] = socketFolders(tmpDir).filter(
      (name) => !['trove-pg-unstamped', 'trove-pg-file'].includes(name),
    );
    await killed.kill();
    expect(socketFolders(tmpDir)).toContain(leftBehind);

    const running = await startTrove(second, { env });
    try {
      const afterRestart = socketFolders(tmpDir);
      expect(afterRestart).not.toContain(leftBehind);
      expect(afterRestart).toEqual(expect.arrayContaining(['trove-pg-file', 'trove-pg-unstamped']));
      expect(afterRestart).toHaveLength(3);
      const ofRunning = afterRestart.find((name) => !['trove-pg-unstamped', 'trove-pg-file'].includes(name))!;

      // Another Trove starting beside a running one leaves the running one's folder, and its database, be.
      const beside = await startTrove(first, { env });
      expect(socketFolders(tmpDir)).toContain(ofRunning);
      expect((await new Api(running.url).get('/pipelines')).status).toBe(200);
      expect(await beside.stop()).toBe(0);
      expect(socketFolders(tmpDir)).toEqual([ofRunning, 'trove-pg-file', 'trove-pg-unstamped'].sort());
    } finally {
      await running.stop();
    }
    expect(socketFolders(tmpDir)).toEqual(['trove-pg-file', 'trove-pg-unstamped']);
  });
});
