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
 */
import { EventType } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import type { ServerResponse } from 'node:http';
import { ToolCall } from '../llms/chat-model';
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

  send(event: StreamEvent): void {
    if (this.ended || this.raw.destroyed) return;
    const withTime = { ...event, timestamp: Date.now() };
    this.raw.write(`event: ${event.type}\n${this.encoder.encodeSSE(withTime as never)}`);
    this.arm();
  }

  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    if (!this.raw.destroyed) this.raw.end();
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.ended) return;
    this.timer = setTimeout(() => this.send({ type: 'HEARTBEAT' }), this.heartbeatMs);
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

  stepStarted(stepName: string): void {
    this.endText();
    this.stream.send({ type: EventType.STEP_STARTED, stepName });
  }

  stepFinished(stepName: string): void {
    this.stream.send({ type: EventType.STEP_FINISHED, stepName });
  }

  toolCall(call: ToolCall): void {
    this.endText();
    this.stream.send({ type: EventType.TOOL_CALL_START, toolCallId: call.id, toolCallName: call.name });
    if (call.arguments !== '')
      this.stream.send({ type: EventType.TOOL_CALL_ARGS, toolCallId: call.id, delta: call.arguments });
    this.stream.send({ type: EventType.TOOL_CALL_END, toolCallId: call.id });
  }

  toolResult(callId: string, content: string): void {
    this.stream.send({
      type: EventType.TOOL_CALL_RESULT,
      messageId: newObjectId(),
      toolCallId: callId,
      content,
      role: 'tool',
    });
  }

  text(delta: string): void {
    if (delta === '') return;
    if (this.textId === null) {
      // The answer's first text message carries the id of the saved answer; text after a tool call starts another.
      this.textId = this.textCount++ === 0 ? this.answerId : newObjectId();
      this.stream.send({ type: EventType.TEXT_MESSAGE_START, messageId: this.textId, role: 'assistant' });
    }
    this.stream.send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.textId, delta });
  }

  toolsUnavailable(tools: string[]): void {
    this.stream.send({
      type: EventType.CUSTOM,
      name: 'tools_unavailable',
      value: { tools, reason: 'Trove runs only its own search_knowledge tool; these tools were not called.' },
    });
  }

  /** Closes the text message in progress, if any (before a tool call and before the terminal event). */
  endText(): void {
    if (this.textId === null) return;
    this.stream.send({ type: EventType.TEXT_MESSAGE_END, messageId: this.textId });
    this.textId = null;
  }
}
