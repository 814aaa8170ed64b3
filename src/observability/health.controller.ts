import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService } from '../database/database.service';
import { LifecycleService } from './lifecycle.service';
import { noteFailureReason } from '../common/failure-reasons';
import { version } from '../version';
import { ApiDoc } from '../openapi/api-doc';
import { Health, HealthView, RootInfo, RootInfoView } from './health.wire';

@Controller()
@Public()
export class HealthController {
  constructor(
    private readonly db: DatabaseService,
    private readonly lifecycle: LifecycleService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Get()
  @ApiDoc({ summary: 'What this server is, and where its console and API reference are', response: RootInfo })
  root(): RootInfoView {
    return {
      name: 'trove',
      version,
      mcp: '/mcp',
      ...(this.settings.uiEnabled ? { console: '/ui/' as const } : {}),
      docs: '/docs',
      openapi: '/openapi.json',
    };
  }

  /**
   * Liveness: the process answers. Never queries the database, so a slow database does
   * not get pods killed; only an embedded database whose thread died fails it, since
   * nothing but a restart brings that back.
   */
  @Get('healthz')
  @ApiDoc({
    summary: 'Liveness: the process answers (503 when its embedded database stopped)',
    response: Health,
    errors: { 503: { description: 'The embedded database stopped', schema: Health } },
  })
  healthz(@Res({ passthrough: true }) reply: FastifyReply): HealthView {
    if (this.db.alive) return { status: 'ok' };
    noteFailureReason(reply.request, 'the embedded database stopped');
    void reply.status(503);
    return { status: 'failed', checks: { database: 'the embedded database stopped' } };
  }

  /**
   * Readiness: the database answers and every migration is applied; 503 while draining.
   * Answered within TROVE_READYZ_TIMEOUT_MS whatever the database does, so a database
   * that stopped answering makes the probe fail rather than time out.
   */
  @Get('readyz')
  @ApiDoc({
    summary: 'Readiness: database reachable, migrations applied, not draining (else 503)',
    response: Health,
    errors: { 503: { description: 'Not ready: `checks` says which check fails', schema: Health } },
  })
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthView> {
    const checks: Record<string, string> = {};
    if (this.lifecycle.draining) checks.lifecycle = 'draining';
    // The error's text stays out of a public answer; the database logs say why.
    Object.assign(checks, await this.db.readiness(this.settings.readyzTimeoutMs));
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && !this.lifecycle.draining;
    if (!ready) noteFailureReason(reply.request, `not ready: ${JSON.stringify(checks)}`);
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks };
  }
}
