/**
 * A writer of a long event stream must not buffer without bound for a reader that does
 * not read (a paused client, a dead one behind a proxy that keeps the connection): each
 * stream may hold `bufferBytes` unread; beyond that its writer waits for the reader, and
 * a reader that keeps it over the bound for `stallMs` is cut off (TROVE_STREAM_BUFFER_BYTES,
 * TROVE_STREAM_STALL_SECONDS).
 */
import type { EventEmitter } from 'node:events';

export interface SlowReaderLimits {
  bufferBytes: number;
  stallMs: number;
}

/**
 * Resolves true at once while at most `limits.bufferBytes` are `buffered()`, else once
 * the reader has read it down ('drain'); false when it has not within `stallMs`, or the
 * stream closed: the caller cuts the reader off (or stops writing).
 */
export async function readerKeptUp(
  stream: EventEmitter & { readonly destroyed: boolean },
  buffered: () => number,
  limits: SlowReaderLimits,
): Promise<boolean> {
  if (buffered() <= limits.bufferBytes) return true;
  const deadline = Date.now() + limits.stallMs;
  while (buffered() > limits.bufferBytes) {
    const left = deadline - Date.now();
    if (left <= 0 || stream.destroyed) return false;
    const event = await new Promise<'drain' | 'close' | 'stall'>((resolve) => {
      const timer = setTimeout(() => settle('stall'), left);
      const onDrain = () => settle('drain');
      const onClose = () => settle('close');
      function settle(outcome: 'drain' | 'close' | 'stall') {
        clearTimeout(timer);
        stream.off('drain', onDrain);
        stream.off('close', onClose);
        resolve(outcome);
      }
      stream.on('drain', onDrain);
      stream.on('close', onClose);
    });
    if (event !== 'drain') return false;
  }
  return true;
}
