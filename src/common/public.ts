/**
 * `@Public()`: a route that needs no API key (health, metrics, the API's description).
 * Here rather than beside the guard that reads it (src/auth/auth.guard.ts), so the
 * modules below auth can mark their routes without importing upward.
 */
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** The metadata key the guard looks for. */
export const PUBLIC = 'trove:public';

// It also marks the route in the OpenAPI document (src/openapi/openapi-document.ts), so
// what /openapi.json says about authentication is what the guard does.
export const Public = () =>
  applyDecorators(SetMetadata(PUBLIC, true), ApiExtension('x-trove-auth', 'public'));
