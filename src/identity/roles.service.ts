/**
 * Roles and the rules that bind them to claim values, managed by admin keys. What a
 * role gives is read at every request of a signed-in user (UsersService.principal),
 * so an edit, a deleted binding or a deleted role applies on the user's next request.
 */
import { Injectable } from '@nestjs/common';
import { conflict, invalid, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../common/list';
import { ApiKeysService } from '../auth/api-keys.service';
import { Grant } from '../auth/auth-context';
import { CreateRoleBindingDto, CreateRoleDto, UpdateRoleBindingDto, UpdateRoleDto } from './identity.dto';
import { IdentityErrorReason } from './identity-errors';
import { RoleBindingView, RoleView } from './identity.wire';
import { RoleBindingRow, RoleRow, RolesRepository } from './roles.repository';

export const ROLE_FILTERS = { name: ['eq', 'ne', 'contains', 'startswith', 'endswith'] } as const;
export const ROLE_BINDING_FILTERS = {
  claim: ['eq', 'in'],
  value: ['eq', 'in', 'startswith'],
  role_id: ['eq'],
} as const;

const presentRole = (row: RoleRow): RoleView => ({
  id: row.id,
  name: row.name,
  grants: row.grants,
  scopes: row.scopes,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const presentBinding = (row: RoleBindingRow): RoleBindingView => ({
  id: row.id,
  claim: row.claim,
  value: row.value,
  role_id: row.role_id,
  created_at: row.created_at.toISOString(),
});

const roleNotFound = (id: string) => notFound(IdentityErrorReason.RoleNotFound, 'Role not found', { id });
const bindingNotFound = (id: string) =>
  notFound(IdentityErrorReason.BindingNotFound, 'Role binding not found', { id });

type PgError = { code?: string; constraint?: string };

/** Two writers racing for one name or one binding: the unique constraints decide, the loser gets a 409. */
function rethrowConflicts(error: unknown): never {
  const { code, constraint } = error as PgError;
  if (code === '23505' && constraint === 'roles_name_unique')
    throw conflict(IdentityErrorReason.RoleNameTaken, 'A role of this name already exists');
  if (code === '23505' && constraint === 'role_bindings_unique')
    throw conflict(IdentityErrorReason.BindingExists, 'This claim value is already bound to the role');
  // The role was deleted between the check and the write.
  if (code === '23503') throw invalid(IdentityErrorReason.InvalidBinding, 'role_id: the role does not exist');
  throw error;
}

@Injectable()
export class RolesService {
  constructor(
    private readonly roles: RolesRepository,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async createRole(dto: CreateRoleDto): Promise<RoleView> {
    await this.apiKeys.checkGrantPipelines(dto.grants);
    const row = await this.roles
      .insertRole({ id: newId(), name: dto.name, grants: dto.grants as Grant[], scopes: dto.scopes })
      .catch(rethrowConflicts);
    return presentRole(row);
  }

  async listRoles(query: Record<string, unknown>): Promise<ListEnvelope<RoleView>> {
    const parsed = parseListQuery(query, ROLE_FILTERS);
    return toEnvelope(await this.roles.listRoles(parsed), parsed, presentRole);
  }

  async getRole(id: string): Promise<RoleView> {
    const row = await this.roles.findRole(id);
    if (!row) throw roleNotFound(id);
    return presentRole(row);
  }

  async updateRole(id: string, dto: UpdateRoleDto): Promise<RoleView> {
    if (dto.grants) await this.apiKeys.checkGrantPipelines(dto.grants);
    const row = await this.roles
      .updateRole(id, { ...dto, grants: dto.grants as Grant[] | undefined })
      .catch(rethrowConflicts);
    if (!row) throw roleNotFound(id);
    return presentRole(row);
  }

  async deleteRole(id: string): Promise<void> {
    if (!(await this.roles.deleteRole(id))) throw roleNotFound(id);
  }

  async createBinding(dto: CreateRoleBindingDto): Promise<RoleBindingView> {
    await this.checkRole(dto.role_id);
    const row = await this.roles.insertBinding({ id: newId(), ...dto }).catch(rethrowConflicts);
    return presentBinding(row);
  }

  async listBindings(query: Record<string, unknown>): Promise<ListEnvelope<RoleBindingView>> {
    const parsed = parseListQuery(query, ROLE_BINDING_FILTERS);
    return toEnvelope(await this.roles.listBindings(parsed), parsed, presentBinding);
  }

  async getBinding(id: string): Promise<RoleBindingView> {
    const row = await this.roles.findBinding(id);
    if (!row) throw bindingNotFound(id);
    return presentBinding(row);
  }

  async updateBinding(id: string, dto: UpdateRoleBindingDto): Promise<RoleBindingView> {
    if (dto.role_id) await this.checkRole(dto.role_id);
    const row = await this.roles.updateBinding(id, dto).catch(rethrowConflicts);
    if (!row) throw bindingNotFound(id);
    return presentBinding(row);
  }

  async deleteBinding(id: string): Promise<void> {
    if (!(await this.roles.deleteBinding(id))) throw bindingNotFound(id);
  }

  private async checkRole(roleId: string): Promise<void> {
    if (!(await this.roles.findRole(roleId)))
      throw invalid(IdentityErrorReason.InvalidBinding, `role_id: role ${roleId} does not exist`);
  }
}
