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

  /** Prints the summary; the exit code: 1 when a file failed. */
  summary(outcomes: Map<IngestFile, FileOutcome>, elapsedMs: number): number {
    const all = [...outcomes.entries()];
    const count = (status: FileOutcome['status']) => all.filter(([, o]) => o.status === status).length;
    const failed = all.filter(([, o]) => o.status === 'failed');
    this.out.write(
      `Done in ${(elapsedMs / 1000).toFixed(1)} s: ${count('uploaded')} uploaded, ${count('unchanged')} unchanged, ${failed.length} failed.\n`,
    );
    for (const [file, outcome] of failed)
      this.out.write(`  failed: ${file.relative}: ${(outcome as { reason: string }).reason}\n`);
    return failed.length > 0 ? 1 : 0;
  }
}

function describe(outcome: FileOutcome): string {
  switch (outcome.status) {
    case 'uploaded':
      return outcome.fragments === null ? 'uploaded' : `uploaded (${outcome.fragments} fragments)`;
    case 'unchanged':
      return 'unchanged, skipped';
    case 'failed':
      return `FAILED: ${outcome.reason}`;
  }
}
