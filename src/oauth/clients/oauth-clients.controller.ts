import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { AdminOnly } from '../../auth/auth.guard';
import { UuidParam } from '../../common/uuid.pipe';
import { parseWith } from '../../common/validation';
import { pageOf } from '../../common/wire';
import { ApiDoc } from '../../openapi/api-doc';
import { CreateOAuthClientSchema, UpdateOAuthClientSchema } from './oauth-clients.dto';
import { OAuthClientsService } from './oauth-clients.service';
import { OAuthClient, OAuthClientWithSecret } from './oauth-clients.wire';

/** `/oauth_clients`: an admin key registers the machine clients of the client_credentials grant. */
@Controller('oauth_clients')
@AdminOnly()
export class OAuthClientsController {
  constructor(private readonly service: OAuthClientsService) {}

  @Post()
  @ApiDoc({
    summary: 'Register a machine client (the only answer with its secret, with rotate)',
    body: CreateOAuthClientSchema,
    response: OAuthClientWithSecret,
    bodyExample: {
      name: 'nightly-report',
      grants: [{ pipeline_id: '*', permissions: 5, classifications: ['public'] }],
      scopes: ['agent:read'],
    },
  })
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateOAuthClientSchema, body));
  }

  @Get()
  @ApiDoc({ summary: 'List machine clients (without secrets)', list: {}, response: pageOf(OAuthClient) })
  list(@Query() query: Record<string, unknown>) {
    return this.service.list(query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a machine client', response: OAuthClient })
  get(@UuidParam('id', 'id') id: string) {
    return this.service.get(id);
  }

  @Patch(':id')
  @ApiDoc({
    summary: "Change a machine client's name, grants or scopes (its tokens follow on their next use)",
    body: UpdateOAuthClientSchema,
    response: OAuthClient,
  })
  update(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.update(id, parseWith(UpdateOAuthClientSchema, body));
  }

  @Post(':id/rotate')
  @ApiDoc({
    summary: 'Give the client a new secret (the old one and its tokens stop working)',
    response: OAuthClientWithSecret,
  })
  rotate(@UuidParam('id', 'id') id: string) {
    return this.service.rotateSecret(id);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete a machine client (its tokens stop working)' })
  @HttpCode(204)
  delete(@UuidParam('id', 'id') id: string) {
    return this.service.delete(id);
  }
}
