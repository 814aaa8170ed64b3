import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { UuidParam } from '../../common/uuid.pipe';
import { parseWith } from '../../common/validation';
import { pageOf } from '../../common/wire';
import { ApiDoc } from '../../openapi/api-doc';
import { AuthContext } from '../auth-context';
import { AdminOnly, Auth } from '../auth.guard';
import { CreatePersonalAccessTokenSchema } from './personal-access-tokens.dto';
import { PersonalAccessTokensService } from './personal-access-tokens.service';
import { PersonalAccessToken, PersonalAccessTokenWithSecret } from './personal-access-tokens.wire';

const MINT_EXAMPLE = {
  name: 'laptop',
  expires_in: 2_592_000,
  grants: [{ pipeline_id: '*', permissions: 4, classifications: ['public'] }],
  scopes: ['agent:read'],
};

/** `/api_keys/me/tokens`: any key mints, lists and revokes its own tokens. */
@Controller('api_keys/me/tokens')
export class OwnTokensController {
  constructor(private readonly service: PersonalAccessTokensService) {}

  @Post()
  @ApiDoc({
    summary: 'Mint a personal access token of the calling key (the only answer with the token)',
    body: CreatePersonalAccessTokenSchema,
    response: PersonalAccessTokenWithSecret,
    bodyExample: MINT_EXAMPLE,
  })
  mint(@Auth() auth: AuthContext, @Body() body: unknown) {
    return this.service.mint(auth, auth.keyId, parseWith(CreatePersonalAccessTokenSchema, body));
  }

  @Get()
  @ApiDoc({
    summary: "The calling key's personal access tokens",
    list: {},
    response: pageOf(PersonalAccessToken),
  })
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth.keyId, query);
  }

  @Delete(':tokenId')
  @ApiDoc({ summary: 'Revoke a personal access token of the calling key' })
  @HttpCode(204)
  revoke(@Auth() auth: AuthContext, @UuidParam('tokenId', 'tokenId') tokenId: string) {
    return this.service.revoke(auth.keyId, tokenId);
  }
}

/** `/api_keys/{id}/tokens`: an admin key manages the tokens of any key. */
@Controller('api_keys/:id/tokens')
@AdminOnly()
export class KeyTokensController {
  constructor(private readonly service: PersonalAccessTokensService) {}

  @Post()
  @ApiDoc({
    summary: 'Mint a personal access token of a key (the only answer with the token)',
    body: CreatePersonalAccessTokenSchema,
    response: PersonalAccessTokenWithSecret,
    bodyExample: MINT_EXAMPLE,
  })
  mint(@Auth() auth: AuthContext, @UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.mint(auth, id, parseWith(CreatePersonalAccessTokenSchema, body));
  }

  @Get()
  @ApiDoc({ summary: "A key's personal access tokens", list: {}, response: pageOf(PersonalAccessToken) })
  list(@UuidParam('id', 'id') id: string, @Query() query: Record<string, unknown>) {
    return this.service.list(id, query);
  }

  @Delete(':tokenId')
  @ApiDoc({ summary: 'Revoke a personal access token of a key' })
  @HttpCode(204)
  revoke(@UuidParam('id', 'id') id: string, @UuidParam('tokenId', 'tokenId') tokenId: string) {
    return this.service.revoke(id, tokenId);
  }
}
