/**
 * The AG-UI event stream of the agents API (ops 10–12): server-sent events, each
 * `event: <TYPE>` plus `data: <JSON with the same type>` as the document frames
 * them, encoded with the official @ag-ui/encoder; a `HEARTBEAT` event whenever the
 * stream has been silent for the heartbeat period, so proxies and clients can tell
 * a slow model from a dead connection.
 *
 * TurnStream turns what a turn reports (TurnObserver) into AG-UI events:
 * `STEP_*` around retrieval, `TOOL_CALL_*` for each search, `TEXT_MESSAGE_*` for the
 * answer as it is generated, and `CUSTOM tools_unavailable` for the tools Trove
 * does not run.
 *
 * The stream respects its reader's pace (common/slow-readers.ts): an event sent while
 * the response holds more than TROVE_STREAM_BUFFER_BYTES unread resolves only once the
 * reader has read it down, so the turn waits for the reader rather than buffering its
 * answer in memory; a reader that holds it that long for TROVE_STREAM_STALL_SECONDS is
 * cut off (the connection destroyed), which ends the turn as a disconnect does
 * (`Stopped`, the partial answer saved).
 */
import { EventType } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import type { ServerResponse } from 'node:http';
import { readerKeptUp, SlowReaderLimits } from '../common/slow-readers';
import { ToolCall } from '../llms/chat-model';
import { streamsCutOff } from '../observability/metrics';
import { newObjectId } from './conversation-store';
import { TurnObserver } from './turn.service';

/** An AG-UI event, or the document's HEARTBEAT (which AG-UI does not define). */
export type StreamEvent = { type: EventType | 'HEARTBEAT' } & Record<string, unknown>;

export class AguiStream {
  private readonly encoder = new EventEncoder();
  private timer?: NodeJS.Timeout;
  private ended = false;

  constructor(
    private readonly raw: ServerResponse,
    private readonly heartbeatMs: number,
    private readonly limits: SlowReaderLimits,
  ) {}

  open(headers: Record<string, string>): void {
    this.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise hold the events back.
      'x-accel-buffering': 'no',
    });
    this.raw.flushHeaders();
    this.arm();
  }

  /** Writes one event; resolves once the reader has room for more (or was cut off). */
  async send(event: StreamEvent): Promise<void> {
    if (this.ended || this.raw.destroyed) return;
    const withTime = { ...event, timestamp: Date.now() };
    this.raw.write(`event: ${event.type}\n${this.encoder.encodeSSE(withTime as never)}`);
    this.arm();
    if (await readerKeptUp(this.raw, () => this.raw.writableLength, this.limits)) return;
    if (this.raw.destroyed) return;
    streamsCutOff.inc({ stream: 'agui' });
    this.raw.destroy();
  }

  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    if (!this.raw.destroyed) this.raw.end();
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.ended) return;
    this.timer = setTimeout(() => {
      // A reader still behind knows the stream is alive; a heartbeat would only add to its backlog.
      if (this.raw.writableLength === 0) void this.send({ type: 'HEARTBEAT' });
      else this.arm();
    }, this.heartbeatMs);
    this.timer.unref();
  }
}

export class TurnStream implements TurnObserver {
  private textId: string | null = null;
  private textCount = 0;

  /** `answerId`: the id the saved answer will have, used for its text message. */
  constructor(
    private readonly stream: AguiStream,
    private readonly answerId: string,
  ) {}

  async stepStarted(stepName: string): Promise<void> {
    await this.endText();
    await this.stream.send({ type: EventType.STEP_STARTED, stepName });
  }

  async stepFinished(stepName: string): Promise<void> {
    await this.stream.send({ type: EventType.STEP_FINISHED, stepName });
  }

  async toolCall(call: ToolCall): Promise<void> {
    await this.endText();
    await this.stream.send({
      type: EventType.TOOL_CALL_START,
      toolCallId: call.id,
      toolCallName: call.name,
    });
    if (call.arguments !== '')
      await this.stream.send({ type: EventType.TOOL_CALL_ARGS, toolCallId: call.id, delta: call.arguments });
    await this.stream.send({ type: EventType.TOOL_CALL_END, toolCallId: call.id });
  }

  async toolResult(callId: string, content: string): Promise<void> {
    await this.stream.send({
      type: EventType.TOOL_CALL_RESULT,
      messageId: newObjectId(),
      toolCallId: callId,
      content,
      role: 'tool',
    });
  }

  async text(delta: string): Promise<void> {
    if (delta === '') return;
    if (this.textId === null) {
      // The answer's first text message carries the id of the saved answer; text after a tool call starts another.
      this.textId = this.textCount++ === 0 ? this.answerId : newObjectId();
      await this.stream.send({
        type: EventType.TEXT_MESSAGE_START,
        messageId: this.textId,
        role: 'assistant',
      });
    }
    await this.stream.send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.textId, delta });
  }

  async toolsUnavailable(tools: string[]): Promise<void> {
    await this.stream.send({
      type: EventType.CUSTOM,
      name: 'tools_unavailable',
      value: { tools, reason: 'Trove runs only its own search_knowledge tool; these tools were not called.' },
    });
  }

  /** Closes the text message in progress, if any (before a tool call and before the terminal event). */
  async endText(): Promise<void> {
    if (this.textId === null) return;
    const messageId = this.textId;
    this.textId = null;
    await this.stream.send({ type: EventType.TEXT_MESSAGE_END, messageId });
  }
}
