/**
 * Child processes that run parse-file.ts, so reading a 50 MiB PDF or a hostile
 * spreadsheet never blocks the event loop that answers every other request, and a
 * file that exhausts memory kills its parser, not the server.
 *
 * Processes, not worker threads: a worker thread that reaches its heap limit is
 * usually terminated alone, but depending on how it allocates it can abort the whole
 * process (nodejs/node#47224; reproduced here with one large JSON.parse), and a file
 * upload must not be able to take the server down.
 *
 * At most `workers` files are read at once; the rest wait in order. Each read has a
 * deadline (counted from when a process takes it): past it, or past the process's
 * heap limit, the process is killed, the file refused, and a fresh process takes the
 * next one. Idle processes exit after a while, returning their memory. They start
 * with an empty environment: a parser has no use for the server's secrets.
 */
import { ChildProcess, fork } from 'node:child_process';
import { fileParseDuration, filesParsed, filesParsedBytes } from '../../observability/metrics';
import { kindOfName } from './file-detection';
import { KindedRejection, ParseLimits } from './parse-file';
import { FileKind, FileRejected, ParsedFile } from './parsed-file';

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
  filename: string;
  limits: ParseLimits;
}

export type ParseOutcome =
  { parsed: ParsedFile } | { rejected: string; kind?: FileKind } | { failed: string };

/** Every reply says how long the read took, measured in the parser process. */
export type ParseReply = { id: number; seconds: number } & ParseOutcome;

/** Sent by the parser process when a request reaches it: the read's own deadline starts then. */
export interface ParseStarted {
  id: number;
  started: true;
}

/**
 * What a new parser process may take to load its readers (PDF.js, exceljs...) before the
 * first request reaches it. Starting is not reading: on a loaded machine it can take
 * seconds, and TROVE_FILES_PARSE_TIMEOUT_MS is the time one file may take to read.
 */
const STARTUP_ALLOWANCE_MS = 30_000;

export interface ParserPoolOptions {
  /** The compiled parse-process.js. */
  processFile: string;
  workers: number;
  heapMb: number;
  timeoutMs: number;
  limits: ParseLimits;
  /** How long an idle process lives; default a minute. */
  idleMs?: number;
}

/**
 * A reader threw something other than a refusal, or its process died for no reason
 * it could name: most likely the file, possibly a reader bug. The file is refused
 * all the same (the server is fine); the message is for the log.
 */
export class ParserFailure extends Error {
  override name = 'ParserFailure';
}

interface Job {
  id: number;
  bytes: Uint8Array;
  filename: string;
  resolve(parsed: ParsedFile): void;
  reject(error: Error): void;
}

interface Worker {
  process: ChildProcess;
  /** The end of its stderr, where V8 says it ran out of heap. */
  stderr: string;
}

const STDERR_KEPT = 4096;
const shutDown = () => new Error('The file parser is shut down');

export class ParserPool {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly running = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ParserPoolOptions) {}

  /** The file read into blocks; rejects with FileRejected when the file is at fault. */
  parse(bytes: Uint8Array, filename: string): Promise<ParsedFile> {
    if (this.closed) return Promise.reject(shutDown());
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, filename, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(shutDown());
    const workers = [...this.idle.map((slot) => slot.worker), ...this.running.keys()];
    for (const [, { job, timer }] of this.running) {
      clearTimeout(timer);
      job.reject(shutDown());
    }
    for (const slot of this.idle) clearTimeout(slot.timer);
    this.idle.length = 0;
    this.running.clear();
    await Promise.all(workers.map(stop));
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
    this.running.set(worker, {
      job,
      timer: this.deadline(worker, job, STARTUP_ALLOWANCE_MS + this.options.timeoutMs),
    });
    const request: ParseRequest = {
      id: job.id,
      bytes: job.bytes,
      filename: job.filename,
      limits: this.options.limits,
    };
    worker.process.send(request);
  }

  /** The read has reached the parser process: from now on it has TROVE_FILES_PARSE_TIMEOUT_MS. */
  private started(worker: Worker, id: number): void {
    const current = this.running.get(worker);
    if (!current || current.job.id !== id) return;
    clearTimeout(current.timer);
    current.timer = this.deadline(worker, current.job, this.options.timeoutMs);
  }

  private deadline(worker: Worker, job: Job, ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      record(job, kindOfName(job.filename), 'timeout', this.options.timeoutMs / 1000);
      this.settle(worker, job, (j) =>
        j.reject(
          new FileRejected(
            `reading it took longer than ${this.options.timeoutMs} ms, the most one file may take`,
          ),
        ),
      );
      void stop(worker);
    }, ms);
  }

  private spawn(): Worker {
    const child = fork(this.options.processFile, [], {
      execArgv: [`--max-old-space-size=${this.options.heapMb}`],
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const worker: Worker = { process: child, stderr: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      worker.stderr = (worker.stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    // The pipe of a process that died may err; the process's 'exit' settles its job.
    child.stderr?.on('error', () => undefined);
    child.on('message', (message: ParseReply | ParseStarted) =>
      'started' in message ? this.started(worker, message.id) : this.answer(worker, message),
    );
    child.on('exit', (code, signal) => this.exited(worker, signal ?? `exit code ${code}`));
    // A failed send or spawn is followed by 'exit'; that is where the job is settled.
    child.on('error', () => undefined);
    return worker;
  }

  private answer(worker: Worker, reply: ParseReply): void {
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
  }

  private exited(worker: Worker, how: string): void {
    const current = this.running.get(worker);
    if (current) {
      const outOfMemory = /heap out of memory|Allocation failed/.test(worker.stderr);
      record(current.job, kindOfName(current.job.filename), outOfMemory ? 'rejected' : 'failed', null);
      this.settle(worker, current.job, (job) =>
        job.reject(
          outOfMemory
            ? new FileRejected(
                `reading it needs more than the ${this.options.heapMb} MiB of memory one file may use`,
              )
            : new ParserFailure(`its parser process stopped (${how})`),
        ),
      );
    }
    const at = this.idle.findIndex((slot) => slot.worker === worker);
    if (at >= 0) clearTimeout(this.idle.splice(at, 1)[0].timer);
    this.pump();
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
      void stop(worker);
      return;
    }
    const timer = setTimeout(() => {
      const at = this.idle.findIndex((slot) => slot.worker === worker);
      if (at >= 0) this.idle.splice(at, 1);
      void stop(worker);
    }, this.options.idleMs ?? 60_000);
    timer.unref();
    this.idle.push({ worker, timer });
    this.pump();
  }
}

/** Kills a parser process and waits for it to be gone. */
function stop(worker: Worker): Promise<void> {
  const child = worker.process;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

type ParseResult = 'parsed' | 'rejected' | 'timeout' | 'failed';

function record(job: Job, kind: FileKind | null, result: ParseResult, seconds: number | null): void {
  const type = kind ?? 'unknown';
  filesParsed.inc({ type, result });
  filesParsedBytes.inc({ type, result }, job.bytes.length);
  if (seconds !== null) fileParseDuration.observe({ type }, seconds);
}
