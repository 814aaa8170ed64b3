/**
 * The legacy HTTP+SSE transport of MCP (protocol revision 2024-11-05), which
 * older clients still speak: the client opens `GET .../sse`, whose first event
 * (`endpoint`) names where to POST its messages; every answer comes back as a
 * `message` event on that stream.
 *
 * Why this is written here: the MCP TypeScript SDK 2.x no longer ships a server
 * side of this transport (1.x had SSEServerTransport; 2.x keeps only the client).
 * This is the SDK's `Transport` interface over one open response, so the SDK's
 * `Server` does all of MCP and this file only moves messages.
 *
 * A client may POST faster than it reads the stream (or never read it): answers are not
 * buffered without bound for it. While the stream holds more than
 * TROVE_STREAM_BUFFER_BYTES unread, answers wait their turn (one written at a time) and
 * new messages are not taken (`hasRoom`, awaited before a POST is accepted) until the
 * client reads it down; a client that keeps it so for TROVE_STREAM_STALL_SECONDS is cut
 * off: its connection dropped, the session closed (common/slow-readers.ts).
 */
import type { PassThrough } from 'node:stream';
import { readerKeptUp, SlowReaderLimits } from '../../../common/slow-readers';
import { streamsCutOff } from '../../../observability/metrics';
import type { AuthInfo, JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';

export class SseServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private closed = false;
  private readonly keepAlive: NodeJS.Timeout;
  /** The answers being written, one after the other. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    readonly sessionId: string,
    /** The response body; the route sends it with the event-stream headers. */
    private readonly stream: PassThrough,
    private readonly endpoint: string,
    keepAliveMs: number,
    private readonly limits: SlowReaderLimits,
    /** Drops the connection of a client cut off (what it did not read is let go). */
    private readonly cutOff: () => void,
  ) {
    // A comment line now and then keeps proxies from closing a quiet stream (one still being read needs none).
    this.keepAlive = setInterval(() => {
      if (this.buffered() === 0) this.write(': keepalive\n\n');
    }, keepAliveMs);
    this.keepAlive.unref();
  }

  async start(): Promise<void> {
    this.write(`event: endpoint\ndata: ${this.endpoint}\n\n`);
  }

  /** A message the client POSTed for this session, with the caller it is answered for. */
  receive(message: JSONRPCMessage, authInfo: AuthInfo): void {
    this.onmessage?.(message, { authInfo });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('The SSE stream is closed');
    const sent = this.sending.then(async () => {
      if (await this.hasRoom()) this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    });
    this.sending = sent.catch(() => undefined);
    return sent;
  }

  /**
   * Whether the client reads its stream: true once at most TROVE_STREAM_BUFFER_BYTES wait
   * for it; false when it was cut off for keeping them so too long (or is gone).
   */
  async hasRoom(): Promise<boolean> {
    if (this.closed) return false;
    if (await readerKeptUp(this.stream, () => this.buffered(), this.limits)) return !this.closed;
    if (!this.closed) {
      streamsCutOff.inc({ stream: 'mcp_sse' });
      this.cutOff();
      await this.close();
    }
    return false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    if (!this.stream.writableEnded) this.stream.end();
    this.onclose?.();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** What the stream holds that the client has not read (the response's own buffer is bounded by the pipe). */
  private buffered(): number {
    return this.stream.writableLength + this.stream.readableLength;
  }

  private write(text: string): void {
    if (!this.closed && !this.stream.writableEnded) this.stream.write(text);
  }
}
