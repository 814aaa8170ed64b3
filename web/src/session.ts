/**
 * The signed-in key: its id and secret live in sessionStorage only (gone when the tab
 * closes; never in a URL, a cookie or localStorage), and go out only as request headers.
 */
import type { ApiKey } from './api/types';
import { EXECUTE, READ, WRITE } from './api/types';

export interface Credentials {
  id: string;
  secret: string;
}

const STORAGE_KEY = 'trove.credentials';

export function loadCredentials(): Credentials | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Credentials;
    return typeof parsed.id === 'string' && typeof parsed.secret === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveCredentials(credentials: Credentials): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(credentials));
}

export function clearCredentials(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** What the signed-in key may do, from its own record (`GET /api_keys/me`). */
export class Abilities {
  constructor(readonly key: ApiKey) {}

  get admin(): boolean {
    return this.key.admin;
  }

  /** The grant that rules a pipeline for the key: its specific grant, else its `*` grant. */
  private grant(pipelineId: string) {
    return (
      this.key.grants.find((g) => g.pipeline_id === pipelineId) ??
      this.key.grants.find((g) => g.pipeline_id === '*')
    );
  }

  /** The bits the key holds on a pipeline. */
  bits(pipelineId: string): number {
    if (this.key.admin) return READ | WRITE | EXECUTE;
    return this.grant(pipelineId)?.permissions ?? 0;
  }

  /**
   * The classifications the key may use on a pipeline: `*` (every one), or the names its
   * grant lists (each with what it inherits in the pipeline's hierarchy, which the API
   * applies and a key so limited is not shown).
   */
  classifications(pipelineId: string): '*' | string[] {
    if (this.key.admin) return '*';
    return this.grant(pipelineId)?.classifications ?? [];
  }

  can(pipelineId: string, bits: number): boolean {
    return (this.bits(pipelineId) & bits) === bits;
  }

  /** Whether any grant gives these bits (for offering a page at all). */
  canAnywhere(bits: number): boolean {
    return this.key.admin || this.key.grants.some((g) => (g.permissions & bits) === bits);
  }

  hasScope(scope: 'agent:read' | 'agent:write' | 'agent:execute'): boolean {
    return this.key.admin || this.key.scopes.includes(scope);
  }
}
