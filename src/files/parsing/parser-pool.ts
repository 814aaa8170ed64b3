/**
 * Worker threads that run parse-file.ts, so reading a 50 MiB PDF or a hostile
 * spreadsheet never blocks the event loop that answers every other request.
 *
 * At most `workers` files are read at once; the rest wait in order. Each read has a
 * deadline (counted from when a worker takes it): past it, or past the worker's
 * heap limit, the worker is terminated, the file refused, and a fresh worker takes
 * the next one. Idle workers exit after a while, returning their memory.
 */
import { Worker } from 'node:worker_threads';
import { fileParseDuration, filesParsed, filesParsedBytes } from '../../observability/metrics';
import { kindOfName } from './file-detection';
import { FileKind, FileRejected, ParsedFile } from './parsed-file';
import { KindedRejection, ParseLimits } from './parse-file';

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
  filename: string;
  limits: ParseLimits;
}

export type ParseOutcome =
  { parsed: ParsedFile } | { rejected: string; kind?: FileKind } | { failed: string };

/** Every reply says how long the read took, measured in the worker. */
export type ParseReply = { id: number; seconds: number } & ParseOutcome;

export interface ParserPoolOptions {
  /** The compiled parse.worker.js. */
  workerFile: string;
  workers: number;
  heapMb: number;
  timeoutMs: number;
  limits: ParseLimits;
  /** How long an idle worker lives; default a minute. */
  idleMs?: number;
}

/** Why a read ended without a result, for metrics. */
export class ParseTimeout extends FileRejected {}

interface Job {
  id: number;
  bytes: Uint8Array;
  filename: string;
  resolve(parsed: ParsedFile): void;
  reject(error: Error): void;
}

export class ParserPool {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly running = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ParserPoolOptions) {}

  /** The file read into blocks; rejects with FileRejected when the file is at fault. */
  parse(bytes: Uint8Array, filename: string): Promise<ParsedFile> {
    if (this.closed) return Promise.reject(new Error('The file parser is shut down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, filename, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The file parser is shut down'));
    const workers = [...this.idle.map((slot) => slot.worker), ...this.running.keys()];
    for (const [, { job, timer }] of this.running) {
      clearTimeout(timer);
      job.reject(new Error('The file parser is shut down'));
    }
    for (const slot of this.idle) clearTimeout(slot.timer);
    this.idle.length = 0;
    this.running.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.running.size < this.options.workers)) {
      const job = this.queue.shift()!;
      const slot = this.idle.pop();
      if (slot) clearTimeout(slot.timer);
      this.run(slot?.worker ?? this.spawn(), job);
    }
  }

  private run(worker: Worker, job: Job): void {
    const timer = setTimeout(() => {
      record(job, kindOfName(job.filename), 'timeout', this.options.timeoutMs / 1000);
      this.settle(worker, job, (j) =>
        j.reject(
          new ParseTimeout(
            `reading it took longer than ${this.options.timeoutMs} ms, the most one file may take`,
          ),
        ),
      );
      void worker.terminate();
    }, this.options.timeoutMs);
    this.running.set(worker, { job, timer });
    const request: ParseRequest = {
      id: job.id,
      bytes: job.bytes,
      filename: job.filename,
      limits: this.options.limits,
    };
    worker.postMessage(request);
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.workerFile, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      // PDF.js and others may print warnings; they must not mix with the JSON log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    worker.on('message', (reply: ParseReply) => {
      const current = this.running.get(worker);
      if (!current || current.job.id !== reply.id) return;
      this.settle(worker, current.job, (job) => {
        if ('parsed' in reply) {
          record(job, reply.parsed.kind, 'parsed', reply.seconds);
          job.resolve(reply.parsed);
        } else if ('rejected' in reply) {
          record(job, reply.kind ?? kindOfName(job.filename), 'rejected', reply.seconds);
          job.reject(
            reply.kind ? new KindedRejection(reply.rejected, reply.kind) : new FileRejected(reply.rejected),
          );
        } else {
          record(job, kindOfName(job.filename), 'failed', reply.seconds);
          job.reject(new Error(`The file parser failed: ${reply.failed}`));
        }
      });
      this.park(worker);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const current = this.running.get(worker);
      if (!current) return;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      record(current.job, kindOfName(current.job.filename), outOfMemory ? 'rejected' : 'failed', null);
      this.settle(worker, current.job, (job) =>
        job.reject(
          outOfMemory
            ? new FileRejected(
                `reading it needs more than the ${this.options.heapMb} MiB of memory one file may use`,
              )
            : new Error(`The file parser stopped: ${error.message}`),
        ),
      );
    });
    worker.on('exit', () => {
      const current = this.running.get(worker);
      if (current)
        this.settle(worker, current.job, (job) => job.reject(new Error('The file parser stopped')));
      const at = this.idle.findIndex((slot) => slot.worker === worker);
      if (at >= 0) clearTimeout(this.idle.splice(at, 1)[0].timer);
      this.pump();
    });
    return worker;
  }

  /** Ends a job's run on `worker` exactly once. */
  private settle(worker: Worker, job: Job, outcome: (job: Job) => void): void {
    const current = this.running.get(worker);
    if (!current || current.job !== job) return;
    clearTimeout(current.timer);
    this.running.delete(worker);
    outcome(job);
  }

  private park(worker: Worker): void {
    if (this.closed) {
      void worker.terminate();
      return;
    }
    const timer = setTimeout(() => {
      const at = this.idle.findIndex((slot) => slot.worker === worker);
      if (at >= 0) this.idle.splice(at, 1);
      void worker.terminate();
    }, this.options.idleMs ?? 60_000);
    timer.unref();
    this.idle.push({ worker, timer });
    this.pump();
  }
}

type ParseResult = 'parsed' | 'rejected' | 'timeout' | 'failed';

function record(job: Job, kind: FileKind | null, result: ParseResult, seconds: number | null): void {
  const type = kind ?? 'unknown';
  filesParsed.inc({ type, result });
  filesParsedBytes.inc({ type, result }, job.bytes.length);
  if (seconds !== null) fileParseDuration.observe({ type }, seconds);
}
