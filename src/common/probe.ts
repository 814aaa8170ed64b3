/**
 * Probes of a configured dependency (an embedding model, an LLM): one small real call,
 * timed, whose failure is the answer rather than an error. Admins use them to check a
 * model right after adding it (the console's "Test" buttons).
 */
import { Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { DomainError, ErrorCode, messageFor } from './errors';

/** `POST .../test` takes an optional text to send instead of the default probe. */
export const ProbeSchema = z
  .strictObject({ text: z.string().trim().min(1).max(1000).optional() })
  .optional()
  .nullable();
export type ProbeDto = z.output<typeof ProbeSchema>;

export interface ProbeOutcome<T> {
  ok: boolean;
  /** Wall time of the call, milliseconds. */
  latency_ms: number;
  /** Why it failed, as the dependency's error says it (never a stack or a secret). */
  error: string | null;
  value: T | null;
}

/**
 * Runs `call` with `timeoutMs`; a DomainError's message is reported as admin keys see
 * it (providers word them for clients), anything else is logged and reported generically.
 */
export async function runProbe<T>(
  what: string,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
  logger: Logger,
): Promise<ProbeOutcome<T>> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const value = await call(AbortSignal.timeout(timeoutMs));
    return { ok: true, latency_ms: elapsed(), error: null, value };
  } catch (error) {
    const latency = elapsed();
    // Probes are for admin keys: the message names the endpoint.
    if (error instanceof DomainError && error.code !== ErrorCode.Internal)
      return { ok: false, latency_ms: latency, error: messageFor(error, true), value: null };
    if (error instanceof Error && error.name === 'TimeoutError')
      return {
        ok: false,
        latency_ms: latency,
        error: `${what} did not answer within ${timeoutMs} ms`,
        value: null,
      };
    logger.error({ err: error }, `${what} probe failed`);
    return {
      ok: false,
      latency_ms: latency,
      error: `${what} failed unexpectedly; the server log says why`,
      value: null,
    };
  }
}
