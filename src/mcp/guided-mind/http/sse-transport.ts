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
 */
import type { Writable } from 'node:stream';
import type { AuthInfo, JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';

export class SseServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private closed = false;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    readonly sessionId: string,
    /** The response body; the route sends it with the event-stream headers. */
    private readonly stream: Writable,
    private readonly endpoint: string,
    keepAliveMs: number,
  ) {
    // A comment line now and then keeps proxies from closing a quiet stream.
    this.keepAlive = setInterval(() => this.write(': keepalive\n\n'), keepAliveMs);
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
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
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

  private write(text: string): void {
    if (!this.closed && !this.stream.writableEnded) this.stream.write(text);
  }
}
