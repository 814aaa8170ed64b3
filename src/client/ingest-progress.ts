/**
 * What an ingest shows while it works: on a terminal, one progress bar with the
 * files done, files/s and the time left (cli-progress); otherwise (a log, CI, a
 * pipe) one plain line per file. Then the summary, naming each failed file.
 */
import { SingleBar } from 'cli-progress';
import type { FileOutcome } from './ingest';
import type { IngestFile } from './ingest-files';

type Output = NodeJS.WritableStream & { isTTY?: boolean };

export class IngestProgress {
  private bar: SingleBar | null = null;
  private total = 0;
  private done_ = 0;
  private started = 0;

  constructor(private readonly out: Output) {}

  start(total: number): void {
    this.total = total;
    this.started = Date.now();
    if (!this.out.isTTY) {
      this.out.write(`Ingesting ${total} file${total === 1 ? '' : 's'}\n`);
      return;
    }
    this.bar = new SingleBar({
      stream: this.out,
      format: '{bar} {value}/{total} files | {rate} files/s | ETA {eta_formatted} | {file}',
      hideCursor: true,
      etaBuffer: 20,
    });
    this.bar.start(total, 0, { rate: '0.0', file: '' });
  }

  done(file: IngestFile, outcome: FileOutcome): void {
    this.done_++;
    if (this.bar) {
      const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
      this.bar.increment({ rate: (this.done_ / seconds).toFixed(1), file: file.relative });
      return;
    }
    this.out.write(`[${this.done_}/${this.total}] ${file.relative}: ${describe(outcome)}\n`);
  }

  /** A remark between the lines (or above the bar). */
  note(text: string): void {
    this.out.write(`${text}\n`);
  }

  stop(): void {
    this.bar?.stop();
  }

  /**
   * Prints the summary; the exit code: 1 when a file failed. The files skipped as
   * unchanged are listed on one line (the first UNCHANGED_LISTED of them); `verbose`
   * prints every file on a line of its own instead.
   */
  summary(outcomes: Map<IngestFile, FileOutcome>, elapsedMs: number, verbose = false): number {
    // By path, not by when each finished: the same folder gives the same summary.
    const all = [...outcomes.entries()].sort(([a], [b]) =>
      a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0,
    );
    const count = (status: FileOutcome['status']) => all.filter(([, o]) => o.status === status).length;
    const failed = all.filter(([, o]) => o.status === 'failed');
    this.out.write(
      `Done in ${(elapsedMs / 1000).toFixed(1)} s: ${count('uploaded')} uploaded, ${count('unchanged')} unchanged, ${failed.length} failed.\n`,
    );
    if (verbose) {
      for (const [file, outcome] of all) this.out.write(`  ${file.relative}: ${describe(outcome)}\n`);
      return failed.length > 0 ? 1 : 0;
    }
    const unchanged = all.filter(([, o]) => o.status === 'unchanged').map(([file]) => file.relative);
    if (unchanged.length > 0) {
      const more = unchanged.length - UNCHANGED_LISTED;
      const listed = unchanged.slice(0, UNCHANGED_LISTED).join(', ');
      this.out.write(
        `  unchanged, skipped: ${listed}${more > 0 ? ` and ${more} more (--verbose lists every file)` : ''}\n`,
      );
    }
    for (const [file, outcome] of failed)
      this.out.write(`  failed: ${file.relative}: ${(outcome as { reason: string }).reason}\n`);
    return failed.length > 0 ? 1 : 0;
  }
}

/** Files named on the summary's unchanged line; a folder of thousands would fill the screen. */
const UNCHANGED_LISTED = 20;

function describe(outcome: FileOutcome): string {
  switch (outcome.status) {
    case 'uploaded': {
      const as = `uploaded as '${outcome.classification}'`;
      return outcome.fragments === null ? as : `${as} (${outcome.fragments} fragments)`;
    }
    case 'unchanged':
      return 'unchanged (Trove holds the same sha256), skipped';
    case 'failed':
      return `FAILED: ${outcome.reason}`;
  }
}
