/**
 * The embedded database's folder (issue 8, items 13 and 14): it holds keys,
 * grants and documents, so only Trove's user may read or change it (folders
 * 0700, files 0600, the generated encryption key 0600) whatever the umask Trove
 * was started with, and folders made before are tightened on the next start.
 * After a kill -9, a lock that names a dead or zombie process, or a process that
 * is not the one that took it, does not stop a restart.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Api } from '../support/http';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';

/** Every path under `root` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== expected)
      found.push(`${path.relative(root, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
  };
  visit(root);
  return found;
}

/** Starts Trove with the given umask in force (a child inherits it). */
async function startWithUmask(database: TroveDatabase, umask: number): Promise<TroveProcess> {
  const previous = process.umask(umask);
  try {
    return await startTrove(database);
  } finally {
    process.umask(previous);
  }
}

/** A process that has exited but was never reaped by its parent: a zombie. Returns it and its parent. */
async function zombie(): Promise<{ pid: number; parent: ChildProcess }> {
  // The child outlives the shell's exec, so `sleep 120`, which never reaps, becomes its parent:
  // a child that exited before the exec could be reaped by the shell itself on a loaded machine.
  const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 120'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
  );
  await waitFor(
    'the zombie',
    () => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    },
    { timeoutMs: 10_000 },
  );
  return { pid, parent };
}

describe('the embedded data folder', () => {
  let database: TroveDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dataDir = database.env.TROVE_DATA_DIR;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('is private to its owner even when Trove starts with umask 000', async () => {
    const trove = await startWithUmask(database, 0o000);
    const api = new Api(trove.url);
    const pipeline = await api.post('/pipelines', { name: 'private-files' });
    expect(pipeline.status).toBe(201);
    expect(
      (
        await api.post(`/pipelines/${pipeline.body.id}/documents`, {
          content: 'kept private',
          classification: 'default',
        })
      ).status,
    ).toBe(201);
    expect(await trove.stop()).toBe(0);
    expect(fs.statSync(path.join(dataDir, 'encryption.key')).mode & 0o777).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('tightens a folder left open by an earlier version on the next start', async () => {
    const open = (file: string) => {
      const stat = fs.statSync(file);
      fs.chmodSync(file, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory()) for (const entry of fs.readdirSync(file)) open(path.join(file, entry));
    };
    open(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(10);
    const trove = await startWithUmask(database, 0o022);
    expect(await trove.stop()).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('restarts after kill -9 although the lock names a zombie, or a process that did not take it', async () => {
    const lock = path.join(dataDir, 'trove.lock');
    const killed = await startTrove(database);
    await killed.kill();
    expect(fs.existsSync(lock)).toBe(true);

    const { pid, parent } = await zombie();
    try {
      fs.writeFileSync(lock, String(pid));
      const afterZombie = await startTrove(database);
      expect(
        (await new Api(afterZombie.url).get('/pipelines')).body.data.map((p: { name: string }) => p.name),
      ).toEqual(['private-files']);
      await afterZombie.kill();

      // A live process with the locked pid but another start time is not the owner either (pid reuse).
      fs.writeFileSync(lock, `${parent.pid} 1`);
      const afterReuse = await startTrove(database);
      expect(await afterReuse.stop()).toBe(0);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
