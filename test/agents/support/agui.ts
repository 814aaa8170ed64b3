/**
 * The agents API's streams read with the official AG-UI client (@ag-ui/client):
 * its HttpAgent parses the server-sent events, validates every event against the
 * AG-UI schemas and checks their order (RUN_STARTED first, messages and tool calls
 * opened before they are used, nothing after the terminal event). Trove's routes
 * take the document's request bodies, not AG-UI's RunAgentInput, so the request is
 * the one thing this agent changes.
 *
 * The document's HEARTBEAT is not an AG-UI event: the client drops it (with a
 * warning, silenced here); `rawEvents` reads a stream without the client to see it.
 */
import { BaseEvent, HttpAgent, HttpAgentConfig, RunAgentInput } from '@ag-ui/client';
import { checkConformance } from '../../support/conformance';
import { Api } from '../../support/http';

process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true';

export const TERMINAL = ['RUN_FINISHED', 'RUN_ERROR'];

function headersOf(api: Api): Record<string, string> {
  return api.credentials
    ? { 'x-api-key': api.credentials.id, 'x-api-key-secret': api.credentials.secret }
    : {};
}

class TroveAgent extends HttpAgent {
  constructor(
    config: HttpAgentConfig,
    private readonly body: unknown,
  ) {
    super(config);
  }

  protected override requestInit(_: RunAgentInput): RequestInit {
    return {
      method: 'POST',
      headers: { ...this.headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(this.body),
      signal: this.abortController.signal,
    };
  }
}

export interface StreamRun {
  events: BaseEvent[];
  types: string[];
  /** The client's own failure (a parse or order violation, a dropped connection), if any. */
  error?: Error;
  /** The RUN_FINISHED result or the RUN_ERROR event. */
  finished?: { result?: any; outcome?: { type: string } };
  runError?: { message: string; code?: string };
}

/**
 * Runs one stream to its end. `onEvent` sees every event as it arrives and may
 * return 'abort' to drop the connection (a client going away mid-answer).
 */
export async function runStream(
  api: Api,
  path: string,
  body: unknown,
  onEvent?: (event: BaseEvent) => void | 'abort' | Promise<void | 'abort'>,
): Promise<StreamRun> {
  const agent = new TroveAgent({ url: api.baseUrl + path, headers: headersOf(api) }, body);
  const run: StreamRun = { events: [], types: [] };
  try {
    await agent.runAgent(
      {},
      {
        onEvent: async ({ event }) => {
          run.events.push(event);
          run.types.push(event.type);
          if (event.type === 'RUN_FINISHED') run.finished = event as never;
          if (event.type === 'RUN_ERROR') run.runError = event as never;
          if ((await onEvent?.(event)) === 'abort') agent.abortRun();
        },
        onRunFailed: ({ error }) => {
          run.error = error;
        },
      },
    );
  } catch (error) {
    run.error = error as Error;
  }
  return run;
}

/** The stream as sent: each `{event, data}` pair, without the AG-UI client (it drops HEARTBEAT). */
export async function rawEvents(
  api: Api,
  path: string,
  body: unknown,
): Promise<{ status: number; events: { event: string; data: any }[] }> {
  const response = await fetch(api.baseUrl + path, {
    method: 'POST',
    headers: { ...headersOf(api), 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? undefined;
  checkConformance('POST', path, {
    status: response.status,
    contentType,
    body: contentType?.startsWith('application/json') ? JSON.parse(text) : text,
  });
  const events = text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
  return { status: response.status, events };
}
