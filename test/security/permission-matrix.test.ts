/**
 * The permission matrix: every REST route and every MCP tool, called by every kind of
 * key (admin, full, read-only, write-only, read+execute limited to public,
 * read+write+execute limited to public, no grants, disabled), on one fixture per
 * database (permission-matrix.fixture.ts). Each cell asserts the status, the row's
 * checks, and that no text, id, version, time or name the kind may not read appears in
 * the answer's body or headers. The table is permission-matrix.routes.ts; a route the
 * server registers without a row there fails the first test.
 */
import { RawMcp, lastMessage } from '../mcp/support';
import { describeEachDatabase } from '../support/suite';
import { buildMatrixFixture, KEY_KINDS, KeyKind, MatrixFixture } from './permission-matrix.fixture';
import {
  GUIDED_MIND_ROWS,
  GUIDED_MIND_TRANSPORTS,
  GUIDED_MIND_UPLOAD_ROOT,
  guidedMindCell,
  GuidedMindRow,
  GuidedMindTransport,
} from './permission-matrix/guided-mind.rows';
import { CHATGPT_ROWS, chatGptCell } from './permission-matrix/chatgpt.rows';
import {
  Check,
  MatrixRequest,
  MCP_ENDPOINTS,
  MCP_ROWS,
  McpOutcome,
  McpRow,
  READ_ROWS,
  RefusalCheck,
  RestRow,
  WRITE_ROWS,
} from './permission-matrix.routes';

/** The routes Nest maps, as it logs them at start: `Mapped {/pipelines/:id, GET} route`. */
function registeredRoutes(log: string): string[] {
  return [...log.matchAll(/Mapped \{(\S+), (\w+)\} route/g)].map(([, path, method]) => `${method} ${path}`);
}

/** The secrets of `kind` found in an answer, minus those the request itself carried (an echo reveals nothing). */
function leaks(fx: MatrixFixture, kind: KeyKind, request: string, answer: string): string[] {
  return fx
    .secretsFor(kind)
    .filter((secret) => !request.includes(secret.value) && answer.includes(secret.value))
    .map((secret) => `${secret.label} (${secret.value})`);
}

const label = (row: { route?: string; tool?: string; case?: string }) =>
  `${row.route ?? row.tool}${row.case ? ` — ${row.case}` : ''}`;

describeEachDatabase(
  'permission matrix',
  (fixture) => {
    let fx: MatrixFixture;
    beforeAll(async () => {
      fx = await buildMatrixFixture(fixture().api);
    });

    /** Runs one cell per key kind; returns every failure as a line, so one row shows them all. */
    async function runCells(
      row: {
        expect: Record<KeyKind, unknown>;
        check?: Check;
        refusal?: RefusalCheck;
        known?: (fx: MatrixFixture, kind: KeyKind) => string[];
      },
      call: (kind: KeyKind) => Promise<{ outcome: unknown; request: string; answer: string; body: unknown }>,
    ): Promise<string[]> {
      const failures: string[] = [];
      for (const kind of KEY_KINDS) {
        const { outcome, request, answer, body } = await call(kind);
        if (outcome !== row.expect[kind]) {
          failures.push(
            `${kind}: got ${String(outcome)}, expected ${String(row.expect[kind])}: ${answer.slice(0, 300)}`,
          );
          continue;
        }
        const known = row.known?.(fx, kind).join(' ') ?? '';
        for (const leak of leaks(fx, kind, `${request} ${known}`, answer))
          failures.push(`${kind}: the answer shows ${leak}`);
        const succeeded =
          outcome === 'ok' || (typeof outcome === 'number' && outcome >= 200 && outcome < 300);
        try {
          if (row.check && succeeded) row.check(body, fx, kind);
          // The REST API's `{"detail"}`, or the agents API's ErrorResponse.
          const detail = (body as any)?.detail ?? (body as any)?.error?.message;
          if (row.refusal && !succeeded) row.refusal(detail, outcome as number, fx, kind);
        } catch (error) {
          failures.push(`${kind}: ${(error as Error).message}`);
        }
      }
      return failures;
    }

    const rest = (row: RestRow) => async (kind: KeyKind) => {
      const request: MatrixRequest = row.request(fx, kind);
      const api = fx.api.as(fx.keys[kind]);
      const response = request.form
        ? await api.upload(request.path, request.form.files, request.form.fields)
        : await api.request(request.method, request.path, request.body);
      const headers = JSON.stringify([...response.headers.entries()]);
      // A form's own words (fields, file names and bytes) are the request's, like a JSON body.
      const form = request.form && {
        ...request.form,
        files: request.form.files.map((file) => [file.name, Buffer.from(file.bytes).toString()]),
      };
      return {
        outcome: response.status,
        request: request.path + JSON.stringify(request.body ?? null) + JSON.stringify(form ?? null),
        answer: response.text + headers,
        body: response.body,
      };
    };

    const mcp = (row: McpRow) => async (kind: KeyKind) => {
      const args = row.arguments(fx, kind);
      const response = await new RawMcp(fixture().trove.url, fx.keys[kind]).modern('tools/call', {
        name: row.tool,
        arguments: args,
      });
      const answer = response.body + JSON.stringify(response.headers);
      if (response.status !== 200)
        return { outcome: response.status, request: JSON.stringify(args), answer, body: null };
      const message = lastMessage(response.body);
      const outcome: McpOutcome = message.error
        ? message.error.code
        : message.result.isError
          ? 'tool error'
          : 'ok';
      return { outcome, request: JSON.stringify(args), answer, body: message.result?.structuredContent };
    };

    it('has a row for every route the server registered and every MCP tool it lists', async () => {
      const registered = registeredRoutes(fixture().trove.output());
      expect(registered.length).toBeGreaterThan(20);
      const covered = new Set([...READ_ROWS, ...WRITE_ROWS].map((row) => row.route));
      expect(registered.filter((route) => !covered.has(route))).toEqual([]);
      expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);

      const listed = lastMessage(
        (await new RawMcp(fixture().trove.url, fx.keys.admin).modern('tools/list')).body,
      );
      const tools: string[] = listed.result.tools.map((tool: { name: string }) => tool.name);
      expect([...new Set(MCP_ROWS.map((row) => row.tool))].sort()).toEqual([...tools].sort());
    });

    it.each(MCP_ENDPOINTS.map((endpoint) => [`${endpoint.route} ${endpoint.method}`, endpoint] as const))(
      '%s answers every key that authenticates alike',
      async (_, endpoint) => {
        const failures = await runCells(
          {
            expect: Object.fromEntries(KEY_KINDS.map((k) => [k, k === 'disabled' ? 401 : 200])) as Record<
              KeyKind,
              number
            >,
          },
          async (kind) => {
            const response = await new RawMcp(fixture().trove.url, fx.keys[kind]).modern(endpoint.method);
            return { outcome: response.status, request: '', answer: response.body, body: null };
          },
        );
        expect(failures).toEqual([]);
      },
    );

    // Reads first, then MCP and the Guided Mind searches, then writes: a write may make a
    // document visible to another kind.
    it.each(READ_ROWS.map((row) => [label(row), row] as const))('%s', async (_, row) => {
      expect(await runCells(row, rest(row))).toEqual([]);
    });

    it.each(MCP_ROWS.map((row) => [label(row), row] as const))('MCP %s', async (_, row) => {
      expect(await runCells(row, mcp(row))).toEqual([]);
    });

    const guidedMind = (row: GuidedMindRow, transport: GuidedMindTransport) =>
      guidedMindCell(fixture().trove.url, fx, row, transport);
    const overTransports = (rows: GuidedMindRow[]) =>
      rows.flatMap((row) =>
        GUIDED_MIND_TRANSPORTS.map((transport) => [`${label(row)} (${transport})`, row, transport] as const),
      );
    const guidedMindReads = GUIDED_MIND_ROWS.filter((row) => row.tool === 'rag_search');
    it.each(overTransports(guidedMindReads))('Guided Mind %s', async (_, row, transport) => {
      expect(await runCells(row, guidedMind(row, transport))).toEqual([]);
    });

    it.each(CHATGPT_ROWS.map((row) => [label(row), row] as const))('ChatGPT %s', async (_, row) => {
      expect(await runCells(row, chatGptCell(fixture().trove.url, fx, row))).toEqual([]);
    });

    it.each(WRITE_ROWS.map((row) => [label(row), row] as const))('%s', async (_, row) => {
      expect(await runCells(row, rest(row))).toEqual([]);
    });

    const guidedMindWrites = GUIDED_MIND_ROWS.filter((row) => row.tool !== 'rag_search');
    it.each(overTransports(guidedMindWrites))('Guided Mind %s', async (_, row, transport) => {
      expect(await runCells(row, guidedMind(row, transport))).toEqual([]);
    });
  },
  { env: { TROVE_JOBS_POLL_MS: '100', TROVE_UPLOAD_ROOT: GUIDED_MIND_UPLOAD_ROOT } },
);
