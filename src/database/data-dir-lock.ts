/**
 * PGlite has no server process guarding its files: two processes opening one data
 * folder would corrupt it. A lock file makes the second one fail with a clear
 * message instead (for instance `npm run trove` while `npm start` is running).
 *
 * The lock names its owner by pid and, on Linux, the process's start time. After
 * a crash (kill -9) the lock stays behind, and it is stale when the process it
 * names is gone, is a zombie (exited, not yet reaped by its parent, which
 * `kill(pid, 0)` still reports alive), or is another process that got the same
 * pid since (its start time differs).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

interface ProcessState {
  /** The one-letter state of /proc/<pid>/stat: R, S, D, Z (zombie), X (dead)... */
  state: string;
  /** Clock ticks after boot at which the process started. */
  startTime: string;
}

/** What Linux says of a process; null when it cannot say (no /proc, or no such process). */
function processState(pid: number): ProcessState | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return null;
  }
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a lock names (pid, and start time when recorded) still runs. */
function ownerRuns(pid: number, startTime: string | undefined): boolean {
  if (!signalable(pid)) return false;
  const current = processState(pid);
  if (current === null) return true; // no /proc to ask: trust the signal
  if (current.state === 'Z' || current.state === 'X') return false;
  return startTime === undefined || current.startTime === startTime;
}

/** This process as a lock names it: `<pid> <start time>` (the pid alone where there is no /proc). */
export function ownerStamp(): string {
  const own = processState(process.pid)?.startTime;
  return own === undefined ? String(process.pid) : `${process.pid} ${own}`;
}

/** The pid of the process a stamp names while it still runs, else null (a stamp of this process included). */
export function runningOwner(stamp: string): number | null {
  const [pidText, startTime] = stamp.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return ownerRuns(pid, startTime) ? pid : null;
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'trove.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, ownerStamp(), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = runningOwner(fs.readFileSync(file, 'utf8'));
      if (holder !== null) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${file}`);
}
