/**
 * Who is calling and what they may do. Built once per request from the key's row;
 * services ask it questions and never look at grants themselves.
 *
 * Permission bits work as on a file: read 4, write 2, execute 1. A grant for a
 * specific pipeline takes precedence over a `*` grant, so a key can hold broad
 * read access and a narrower allow-list on one pipeline.
 */
import { createHash } from 'node:crypto';

export const Permission = { Read: 4, Write: 2, Execute: 1 } as const;

/**
 * What a key may do with agents (the agents API's OAuth scope names). Retrieval
 * inside a turn is still bounded by the grants: a scope opens routes, not data.
 */
export const SCOPES = ['agent:read', 'agent:write', 'agent:execute'] as const;
export type Scope = (typeof SCOPES)[number];
/**
 * Keys created without `scopes`, and every key that existed before agents, may read
 * agents shared with them and nothing more: running a turn sends fragment text to
 * an LLM (perhaps a hosted one) and spends its tokens, which an admin grants on
 * purpose (`agent:execute`), as creating agents (`agent:write`).
 */
export const DEFAULT_SCOPES: readonly Scope[] = ['agent:read'];

/** A stable 24-hex user id for a key (the agents API's ObjectId-shaped `userId`). */
/** What `credentialStamp` holds for a stored secret hash. */
export const credentialStampOf = (secretHash: string): string =>
  createHash('sha256').update(`trove:credential:${secretHash}`).digest('base64url');

export const userIdOf = (keyId: string): string =>
  createHash('sha256').update(`trove:user:${keyId}`).digest('hex').slice(0, 24);

export interface Grant {
  pipeline_id: string; // a pipeline UUID or '*'
  permissions: number; // 0..7
  classifications: '*' | string[];
}

export interface PipelineAccess {
  permissions: number;
  /** '*' or the classifications this key may see on the pipeline. */
  classifications: '*' | string[];
}

export const NO_ACCESS: PipelineAccess = { permissions: 0, classifications: [] };
export const FULL_ACCESS: PipelineAccess = { permissions: 7, classifications: '*' };

/**
 * What a list of grants gives on one pipeline: its own grant, else the `*` grant. With
 * `'*'` for `pipelineId`, what it gives on a pipeline it does not name.
 */
export function accessIn(grants: readonly Grant[], pipelineId: string): PipelineAccess {
  const id = pipelineId.toLowerCase();
  const grant = grants.find((g) => g.pipeline_id === id) ?? grants.find((g) => g.pipeline_id === '*');
  return grant ? { permissions: grant.permissions, classifications: grant.classifications } : NO_ACCESS;
}

export class AuthContext {
  readonly userId: string;

  constructor(
    readonly keyId: string,
    readonly admin: boolean,
    readonly grants: readonly Grant[],
    readonly scopes: readonly Scope[] = [],
    /**
     * The cache generation read with the key's row, on the primary, at the start of the
     * request (src/database/cache-generation.ts); null when none was read.
     */
    readonly generation: string | null = null,
    /**
     * A digest of the secret hash the key had when it was authenticated (null: none, as
     * for the operator): work that outlives the request (a session, a stream) ends when
     * the secret is rotated, as a new request with the old secret would fail.
     */
    readonly credentialStamp: string | null = null,
    /**
     * The prefix of the bearer token that authenticated the caller (src/auth/bearer-tokens.ts);
     * null for an API key. `keyId` is then the token's owner: a personal access token's key,
     * or a signed-in user's id.
     */
    readonly tokenPrefix: string | null = null,
    /** Which token of its authority (a personal access token's id, a user session's id). */
    readonly tokenId: string | null = null,
  ) {
    this.userId = userIdOf(keyId);
  }

  /** Admin keys have every scope; a token (even an admin key's) only those it was granted. */
  hasScope(scope: Scope): boolean {
    return (this.admin && this.tokenPrefix === null) || this.scopes.includes(scope);
  }

  access(pipelineId: string): PipelineAccess {
    return this.admin ? FULL_ACCESS : accessIn(this.grants, pipelineId);
  }

  can(pipelineId: string, bits: number): boolean {
    return (this.access(pipelineId).permissions & bits) === bits;
  }

  /**
   * The pipelines this key can read when listing: `all` when a `*` grant (or admin)
   * gives read, otherwise the explicit ids; in both cases minus pipelines whose
   * specific grant withdraws read.
   */
  readablePipelines(): { all: boolean; include: string[]; exclude: string[] } {
    if (this.admin) return { all: true, include: [], exclude: [] };
    const wildcard = this.grants.find((g) => g.pipeline_id === '*');
    const specific = this.grants.filter((g) => g.pipeline_id !== '*');
    const readable = (g: Grant) => (g.permissions & Permission.Read) === Permission.Read;
    return {
      all: wildcard !== undefined && readable(wildcard),
      include: specific.filter(readable).map((g) => g.pipeline_id),
      exclude: specific.filter((g) => !readable(g)).map((g) => g.pipeline_id),
    };
  }
}
