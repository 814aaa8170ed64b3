/** Why the identity module refuses. */
export enum IdentityErrorReason {
  /** No role of this id. */
  RoleNotFound = 'identity.role_not_found',
  /** Another role has this name. */
  RoleNameTaken = 'identity.role_name_taken',
  /** A role whose grants cannot be (a pipeline that does not exist). */
  InvalidRole = 'identity.invalid_role',
  /** No role binding of this id. */
  BindingNotFound = 'identity.binding_not_found',
  /** The same claim value is already bound to the role. */
  BindingExists = 'identity.binding_exists',
  /** A binding naming a role that does not exist. */
  InvalidBinding = 'identity.invalid_binding',
}
