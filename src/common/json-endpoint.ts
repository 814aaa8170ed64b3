/**
 * One JSON POST to a model endpoint (an embedding model's, a reranker's), with the retry
 * policy every such server needs: rate limits (429) and overloaded or restarting servers (5xx, dropped
 * connections, hung requests) are transient and worth another try; any other 4xx is
 * our request's fault and will not get better by repeating it.
 *
 * Failures become DomainError Upstream with a message the operator can act on. Admin
 * keys see it with the endpoint's base URL (which cannot hold credentials, see the
 * provider's validation); every other key sees the endpoint named by its model, with
 * the address scrubbed from the endpoint's own words and no network detail (an
 * internal host and port). Never the API key, scrubbed even from echoed error bodies.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { withoutAddress } from './base-url';
import { CommonErrorReason, DomainError, ErrorCode } from './errors';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first retry waits about this long; each further retry doubles it. */
  baseDelayMs: number;
  /** No wait is longer, not even one a `Retry-After` header asks for. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 4, baseDelayMs: 200, maxDelayMs: 10_000 };

export interface JsonEndpoint {
  /** What messages call it: `Embedding endpoint`, `Reranker endpoint`. */
  noun: string;
  url: string;
  /** How messages to admin keys name the endpoint: its base URL, not the full request URL. */
  label: string;
  /** How messages to every other key name it, without its address: its model. */
  publicLabel: string;
  headers: Record<string, string>;
  /** Per attempt, so a retry after a hung attempt gets the full time again. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Removed from every message (an endpoint may echo the Authorization header back). */
  secret?: string;
}

const MAX_DETAIL_LENGTH = 500;

type Failure =
  | { kind: 'status'; status: number; detail: string; retryAfterMs?: number }
  | { kind: 'network'; detail: string }
  | { kind: 'timeout' }
  | { kind: 'invalid'; detail: string };

type Attempt = { ok: true; body: unknown } | { ok: false; failure: Failure };

/**
 * Resolves with the parsed body of a 2xx answer. Rejects with a DomainError Upstream
 * once the request failed for good, or with `signal.reason` as soon as `signal` aborts
 * (the caller gave up: no retry, no error of ours).
 */
export async function postJson(
  endpoint: JsonEndpoint,
  payload: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const body = JSON.stringify(payload);
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const outcome = await attemptOnce(endpoint, body, signal);
    if (outcome.ok) return outcome.body;
    const { failure } = outcome;
    if (!isRetryable(failure) || attempt >= endpoint.retry.attempts)
      throw toDomainError(endpoint, failure, attempt);
    const retryAfterMs = failure.kind === 'status' ? failure.retryAfterMs : undefined;
    try {
      await sleep(backoffMs(endpoint.retry, attempt, retryAfterMs), undefined, { signal });
    } catch (error) {
      throw signal?.aborted ? signal.reason : error;
    }
  }
}

async function attemptOnce(endpoint: JsonEndpoint, body: string, signal?: AbortSignal): Promise<Attempt> {
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...endpoint.headers },
      body,
      // The same signal covers reading the body: a server that stalls mid-answer times out too.
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await response.text();
    if (!response.ok) {
      const failure: Failure = {
        kind: 'status',
        status: response.status,
        detail: errorDetail(text) || response.statusText || 'no error message',
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
      return { ok: false, failure };
    }
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch {
      return { ok: false, failure: { kind: 'invalid', detail: 'the body is not JSON' } };
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) return { ok: false, failure: { kind: 'timeout' } };
    return { ok: false, failure: { kind: 'network', detail: networkErrorDetail(error) } };
  }
}

function isRetryable(failure: Failure): boolean {
  if (failure.kind === 'network' || failure.kind === 'timeout') return true;
  if (failure.kind === 'invalid') return false;
  // 501 Not Implemented is a server that will never do it, not a busy one.
  return (
    failure.status === 408 || failure.status === 429 || (failure.status >= 500 && failure.status !== 501)
  );
}

/**
 * Exponential backoff with "equal jitter" (half fixed, half random), so that replicas
 * that failed together do not retry together. A server's `Retry-After` wins, capped so
 * that a misconfigured server cannot park an ingestion job for an hour.
 */
function backoffMs(policy: RetryPolicy, attempt: number, retryAfter: number | undefined): number {
  if (retryAfter !== undefined) return Math.min(retryAfter, policy.maxDelayMs);
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(exponential / 2 + (Math.random() * exponential) / 2, policy.maxDelayMs);
}

/** `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The endpoint's own explanation, from the shapes OpenAI-compatible servers use:
 * `{"error": {"message"}}` (OpenAI, vLLM, LiteLLM), `{"error": "..."}` (Ollama, TEI),
 * `{"message"}`, `{"detail"}` (FastAPI-based servers); otherwise the raw body.
 */
function errorDetail(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.trim();
  }
  if (typeof parsed === 'object' && parsed !== null) {
    const body = parsed as Record<string, unknown>;
    const error = body.error as Record<string, unknown> | string | undefined;
    if (typeof error === 'object' && error !== null && typeof error.message === 'string')
      return error.message;
    if (typeof error === 'string') return error;
    if (typeof body.message === 'string') return body.message;
    if (body.detail !== undefined)
      return typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail);
  }
  return text.trim();
}

/** fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, TLS errors) is in its cause. */
function networkErrorDetail(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } } | undefined)?.cause;
  return cause?.message || cause?.code || (error instanceof Error ? error.message : String(error));
}

function toDomainError(endpoint: JsonEndpoint, failure: Failure, attempts: number): DomainError {
  const clean = (text: string) => truncate(redact(text, endpoint.secret));
  switch (failure.kind) {
    case 'status':
      return endpointError(endpoint, (who, admin) => `${who} answered ${failure.status}: ${said(admin)}`, {
        status: failure.status,
        attempts,
      });
    case 'network':
      return endpointError(
        endpoint,
        (who, admin) => `${who} failed: ${admin ? clean(failure.detail) : 'it cannot be reached'}`,
        { attempts },
      );
    case 'timeout':
      return endpointError(endpoint, (who) => `${who} timed out after ${endpoint.timeoutMs} ms`, {
        attempts,
      });
    case 'invalid':
      return endpointError(endpoint, (who, admin) => `${who} returned an invalid response: ${said(admin)}`, {
        attempts,
      });
  }
  function said(admin: boolean): string {
    const detail = clean((failure as { detail: string }).detail);
    return admin ? detail : withoutAddress(detail, endpoint.label);
  }
}

/**
 * An Upstream error about the endpoint, worded by `say` once for admin keys (`who` is
 * its address) and once for every other key (`who` names its model, `admin` is false).
 */
export function endpointError(
  endpoint: Pick<JsonEndpoint, 'noun' | 'label' | 'publicLabel'>,
  say: (who: string, admin: boolean) => string,
  data: Record<string, unknown>,
): DomainError {
  return new DomainError(
    CommonErrorReason.EndpointFailed,
    ErrorCode.Upstream,
    say(`${endpoint.noun} ${endpoint.publicLabel}`, false),
    data,
    {
      adminMessage: say(`${endpoint.noun} ${endpoint.label}`, true),
    },
  );
}

export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('***') : text;
}

function truncate(text: string): string {
  return text.length <= MAX_DETAIL_LENGTH ? text : `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…`;
}
