import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseFilters } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { AcceptsBearer, Auth, RequireScope } from '../auth/auth.guard';
import { parseWith } from '../common/validation';
import { CreateAgentSchema, ListAgentsQuerySchema, UpdateAgentSchema } from './agents.dto';
import { AgentsService } from './agents.service';
import { ApiErrorFilter } from './api-error.filter';
import { ApiDoc } from '../openapi/api-doc';
import { AgentCreated, AgentsPage } from '../openapi/wire-schemas';

/** Agents API ops 1–5 under /api/v1: errors are the document's ErrorResponse. */
@Controller('api/v1/agents')
@UseFilters(ApiErrorFilter)
@AcceptsBearer()
export class AgentsController {
  constructor(private readonly service: AgentsService) {}

  @Get()
  @ApiDoc({ summary: 'List agents', response: AgentsPage })
  @RequireScope('agent:read')
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth, parseWith(ListAgentsQuerySchema, query));
  }

  @Post('create')
  @ApiDoc({
    summary: 'Create an agent',
    body: CreateAgentSchema,
    response: AgentCreated,
    bodyExample: { name: 'Support', knowledge: [{ connectorId: '<pipeline id>' }] },
  })
  @RequireScope('agent:write')
  create(@Auth() auth: AuthContext, @Body() body: unknown) {
    return this.service.create(auth, parseWith(CreateAgentSchema, body));
  }

  @Get(':agentKey')
  @ApiDoc({ summary: 'Get an agent' })
  @RequireScope('agent:read')
  get(@Auth() auth: AuthContext, @Param('agentKey') agentKey: string) {
    return this.service.get(auth, agentKey);
  }

  @Put(':agentKey')
  @ApiDoc({ summary: 'Update an agent', body: UpdateAgentSchema })
  @RequireScope('agent:write')
  update(@Auth() auth: AuthContext, @Param('agentKey') agentKey: string, @Body() body: unknown) {
    return this.service.update(auth, agentKey, parseWith(UpdateAgentSchema, body));
  }

  @Delete(':agentKey')
  @ApiDoc({ summary: 'Delete an agent' })
  @HttpCode(200)
  @RequireScope('agent:write')
  delete(@Auth() auth: AuthContext, @Param('agentKey') agentKey: string) {
    return this.service.delete(auth, agentKey);
  }
}
