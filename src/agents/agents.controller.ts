import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  UseFilters,
} from '@nestjs/common';
import { z } from 'zod';
import { AuthContext } from '../auth/auth-context';
import { AcceptsBearer, Auth, RequireScope } from '../auth/auth.guard';
import { parseBounded, parseWith } from '../common/validation';
import { SETTINGS, Settings } from '../config/settings';
import { AGENT_JSON_FIELDS, CreateAgentSchema, ListAgentsQuerySchema, UpdateAgentSchema } from './agents.dto';
import { AgentsService } from './agents.service';
import { ApiErrorFilter } from './api-error.filter';
import { ApiDoc } from '../openapi/api-doc';
import { AgentCreated, AgentDeleted, AgentDetail, AgentsPage, AgentUpdated } from './wire/answers';

/** Agents API ops 1–5 under /api/v1: errors are the document's ErrorResponse. */
@Controller('api/v1/agents')
@UseFilters(ApiErrorFilter)
@AcceptsBearer()
export class AgentsController {
  constructor(
    private readonly service: AgentsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Get()
  @ApiDoc({ summary: 'List agents', query: ListAgentsQuerySchema, response: AgentsPage })
  @RequireScope('agent:read')
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth, parseWith(ListAgentsQuerySchema, query));
  }

  @Post('create')
  @ApiDoc({
    summary: 'Create an agent',
    body: CreateAgentSchema,
    bodyName: 'AgentCreateRequest',
    response: AgentCreated,
    bodyExample: { name: 'Support', knowledge: [{ connectorId: '<pipeline id>' }] },
  })
  @RequireScope('agent:write')
  create(@Auth() auth: AuthContext, @Body() body: unknown) {
    return this.service.create(auth, this.parseAgent(CreateAgentSchema, body));
  }

  @Get(':agentKey')
  @ApiDoc({ summary: 'Get an agent', response: AgentDetail })
  @RequireScope('agent:read')
  get(@Auth() auth: AuthContext, @Param('agentKey') agentKey: string) {
    return this.service.get(auth, agentKey);
  }

  @Put(':agentKey')
  @ApiDoc({
    summary: 'Update an agent',
    body: UpdateAgentSchema,
    bodyName: 'AgentUpdateRequest',
    response: AgentUpdated,
  })
  @RequireScope('agent:write')
  update(@Auth() auth: AuthContext, @Param('agentKey') agentKey: string, @Body() body: unknown) {
    return this.service.update(auth, agentKey, this.parseAgent(UpdateAgentSchema, body));
  }

  @Delete(':agentKey')
  @ApiDoc({ summary: 'Delete an agent', response: AgentDeleted })
  @HttpCode(200)
  @RequireScope('agent:write')
  delete(@Auth() auth: AuthContext, @Param('agentKey') agentKey: string) {
    return this.service.delete(auth, agentKey);
  }

  /** The document bounds an agent's lists, not the size of their entries: TROVE_METADATA_MAX_BYTES does. */
  private parseAgent<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
    return parseBounded(schema, body, AGENT_JSON_FIELDS, this.settings.limits.metadataMaxBytes);
  }
}
