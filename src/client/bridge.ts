/**
 * `trove-mcp`: an MCP server over stdio for desktop assistants (Claude Desktop,
 * Cursor, VS Code), which start local servers as processes. It serves the three
 * /mcp tools and the three Guided Mind tools of one Trove, with the key in its
 * environment (TROVE_URL, TROVE_API_KEY, TROVE_API_SECRET; TROVE_PROJECT_ID
 * scopes rag_search as `?project_id=` does):
 *
 *  - get_pipelines, get_pipeline_classifications, search_knowledge go to /mcp,
 *    listed with the portable schemas (a Claude client refuses the published
 *    search_knowledge schema's top-level oneOf), answered as /mcp answers;
 *  - rag_search goes to /api/v1/mcp;
 *  - upload_document and upload_and_process read the file on this machine (a
 *    path relative to the bridge's working directory, or absolute, `~` for the
 *    home folder) and upload it with POST /pipelines/{id}/files.
 *
 * Both MCP endpoints are called with protocol revision 2026-07-28, which has no
 * sessions, so an idle bridge never finds its session expired.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultClassification } from '../files/default-classification';
import {
  GUIDED_MIND_TOOLS,
  isGuidedMindTool,
  RagSearchItem,
  endpointQuery,
  ragSearchArguments,
  ragSearchResult,
  ToolArgumentError,
  toolError,
  ToolResult,
  uploadArguments,
  uploadResult,
} from '../mcp/guided-mind/guided-mind-tools';
import { createToolServer, ListedTool, MODERN_PROTOCOL_VERSION } from '../mcp/guided-mind/tool-server';
import { portableTool } from '../mcp/portable-schemas';
import { TOOLS } from '../mcp/tool-definitions';
import { version } from '../version';
import { connectionFromEnv, TroveConnection, TroveRequestError, TroveRest } from './trove-rest';

/** The largest local file the bridge reads into memory; Trove's own limit is usually far lower. */
const MAX_LOCAL_FILE_BYTES = 1024 * 1024 * 1024;

const LISTED: readonly ListedTool[] = [...TOOLS.map(portableTool), ...GUIDED_MIND_TOOLS];

export class Bridge {
  private readonly rest: TroveRest;
  private readonly clients = new Map<string, Promise<Client>>();

  constructor(
    private readonly connection: TroveConnection,
    private readonly pipelineId: string | null,
  ) {
    this.rest = new TroveRest(connection);
  }

  serve(): { close(): Promise<void> } {
    return serveStdio(() =>
      createToolServer({
        name: 'trove-mcp',
        version,
        instructions: `Trove at ${this.connection.url}: search its pipelines, and upload files from this machine.`,
        tools: () => LISTED,
        call: (name, args) => this.call(name, args),
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map(async (client) => (await client).close()));
  }

  private async call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    try {
      if (!isGuidedMindTool(name)) return await this.forward('/mcp', name, args);
      if (name === 'rag_search') {
        ragSearchArguments(args); // the same refusals as the server, without a round trip
        const result = await this.forward(`/api/v1/mcp${endpointQuery(this.pipelineId)}`, name, args);
        if (result.isError) return result;
        // The client kept only MCP's fields of each item: the structured copy has them all.
        const found = result.structuredContent as {
          content: RagSearchItem[];
          metadata: { processing_time_ms: number };
        };
        return ragSearchResult(found.content, found.metadata.processing_time_ms);
      }
      return await this.upload(name, args);
    } catch (error) {
      if (error instanceof ToolArgumentError) return toolError(error.message);
      if (error instanceof TroveRequestError) return toolError(error.detail);
      throw error;
    }
  }

  /** A /mcp or /api/v1/mcp tool call, answered as that endpoint answered it. */
  private async forward(endpoint: string, name: string, args: Record<string, unknown>): Promise<ToolResult> {
    const client = await this.client(endpoint);
    try {
      return (await client.callTool({ name, arguments: args })) as ToolResult;
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      // The connection failed: the next call connects anew.
      this.clients.delete(endpoint);
      throw new TroveRequestError(
        0,
        `Trove at ${this.connection.url} did not answer: ${(error as Error).message}`,
      );
    }
  }

  private client(endpoint: string): Promise<Client> {
    let client = this.clients.get(endpoint);
    if (!client) {
      client = (async () => {
        const created = new Client(
          { name: 'trove-mcp', version },
          { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } },
        );
        const transport = new StreamableHTTPClientTransport(new URL(`${this.connection.url}${endpoint}`), {
          requestInit: { headers: this.rest.headers },
        });
        await created.connect(transport);
        return created;
      })();
      client.catch(() => this.clients.delete(endpoint));
      this.clients.set(endpoint, client);
    }
    return client;
  }

  private async upload(name: 'upload_document' | 'upload_and_process', args: Record<string, unknown>) {
    const parsed = uploadArguments(name, args);
    const process = name === 'upload_and_process';
    const file = readLocalFile(parsed.filePath);
    const classification = parsed.classification ?? (await this.defaultClassification(parsed.pipelineId));
    const result = await this.rest.uploadFile(parsed.pipelineId, file, {
      classification,
      process,
      chunkSize: parsed.chunkSize,
      chunkOverlap: parsed.chunkOverlap,
    });
    return uploadResult(
      {
        documentId: (process ? result.document_id : result.file_id) ?? '',
        filename: result.filename,
        pipelineId: parsed.pipelineId,
        ...(process
          ? { chunksCreated: result.fragment_count ?? 0, version: result.version ?? undefined }
          : {}),
      },
      process,
    );
  }

  /** Trove's rule for an upload without a classification, from the pipeline's classifications. */
  private async defaultClassification(pipelineId: string): Promise<string> {
    let defined: { classifications: string[]; hierarchy: [string, string][] };
    try {
      defined = await this.rest.json('GET', `/pipelines/${encodeURIComponent(pipelineId)}/classifications`);
    } catch (error) {
      if (error instanceof TroveRequestError && error.status === 403)
        throw new ToolArgumentError(
          "classification: this key may not list the pipeline's classifications; pass the one the document should have",
        );
      throw error;
    }
    const choice = defaultClassification({ ...defined, allowed: null });
    if ('problem' in choice) throw new ToolArgumentError(choice.problem);
    return choice.classification;
  }
}

/** A regular file of this machine: relative to the working directory, or absolute; `~/` is the home folder. */
export function readLocalFile(filePath: string): { filename: string; bytes: Buffer } {
  const expanded =
    filePath === '~' || filePath.startsWith('~/') ? path.join(os.homedir(), filePath.slice(1)) : filePath;
  const resolved = path.resolve(expanded);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch {
    throw new ToolArgumentError(`file_path '${filePath}': no such file (looked for ${resolved})`);
  }
  if (!stat.isFile()) throw new ToolArgumentError(`file_path '${filePath}': not a regular file`);
  if (stat.size > MAX_LOCAL_FILE_BYTES)
    throw new ToolArgumentError(`file_path '${filePath}': larger than ${MAX_LOCAL_FILE_BYTES} bytes`);
  return { filename: path.basename(resolved), bytes: fs.readFileSync(resolved) };
}

/** `npm run trove -- mcp` and the `trove-mcp` bin: serve until stdin closes. */
export function runBridge(env: Record<string, string | undefined> = process.env): void {
  const bridge = new Bridge(connectionFromEnv(env), env.TROVE_PROJECT_ID?.trim() || null);
  bridge.serve();
  process.stdin.on('end', () => void bridge.close().finally(() => process.exit(0)));
}
