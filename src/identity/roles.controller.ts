import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { pageOf } from '../common/wire';
import { ApiDoc } from '../openapi/api-doc';
import { AdminOnly } from '../auth/auth.guard';
import {
  CreateRoleBindingSchema,
  CreateRoleSchema,
  UpdateRoleBindingSchema,
  UpdateRoleSchema,
} from './identity.dto';
import { Role, RoleBinding } from './identity.wire';
import { ROLE_BINDING_FILTERS, ROLE_FILTERS, RolesService } from './roles.service';

/** `/roles`: what users signed in through the identity provider may do, by role. */
@Controller('roles')
@AdminOnly()
export class RolesController {
  constructor(private readonly service: RolesService) {}

  @Post()
  @ApiDoc({
    summary: 'Create a role (grants and scopes, as a key holds)',
    body: CreateRoleSchema,
    response: Role,
    errors: { 409: 'A role of this name exists' },
    bodyExample: {
      name: 'support readers',
      grants: [{ pipeline_id: '*', permissions: 5, classifications: ['public'] }],
      scopes: ['agent:read'],
    },
  })
  create(@Body() body: unknown) {
    return this.service.createRole(parseWith(CreateRoleSchema, body));
  }

  @Get()
  @ApiDoc({ summary: 'List roles', list: { filters: ROLE_FILTERS }, response: pageOf(Role) })
  list(@Query() query: Record<string, unknown>) {
    return this.service.listRoles(query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a role', response: Role })
  get(@UuidParam('id', 'id') id: string) {
    return this.service.getRole(id);
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update a role (name, grants, scopes)',
    body: UpdateRoleSchema,
    response: Role,
    errors: { 409: 'A role of this name exists' },
  })
  update(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.updateRole(id, parseWith(UpdateRoleSchema, body));
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete a role and its bindings' })
  @HttpCode(204)
  delete(@UuidParam('id', 'id') id: string) {
    return this.service.deleteRole(id);
  }
}

/** `/role_bindings`: a claim value of the ID token (a group, an address) → a role. */
@Controller('role_bindings')
@AdminOnly()
export class RoleBindingsController {
  constructor(private readonly service: RolesService) {}

  @Post()
  @ApiDoc({
    summary: 'Bind a claim value to a role',
    body: CreateRoleBindingSchema,
    response: RoleBinding,
    errors: { 409: 'The claim value is bound to the role already' },
    bodyExample: { claim: 'groups', value: 'support', role_id: '0193a000-0000-7000-8000-000000000001' },
  })
  create(@Body() body: unknown) {
    return this.service.createBinding(parseWith(CreateRoleBindingSchema, body));
  }

  @Get()
  @ApiDoc({
    summary: 'List role bindings',
    list: { filters: ROLE_BINDING_FILTERS },
    response: pageOf(RoleBinding),
  })
  list(@Query() query: Record<string, unknown>) {
    return this.service.listBindings(query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a role binding', response: RoleBinding })
  get(@UuidParam('id', 'id') id: string) {
    return this.service.getBinding(id);
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update a role binding',
    body: UpdateRoleBindingSchema,
    response: RoleBinding,
    errors: { 409: 'The claim value is bound to the role already' },
  })
  update(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.updateBinding(id, parseWith(UpdateRoleBindingSchema, body));
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete a role binding' })
  @HttpCode(204)
  delete(@UuidParam('id', 'id') id: string) {
    return this.service.deleteBinding(id);
  }
}
