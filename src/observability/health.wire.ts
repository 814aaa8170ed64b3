/** What the public routes of health answer: `/`, `/healthz` and `/readyz`. */
import { z } from 'zod';

export const RootInfo = z.object({
  name: z.literal('trove'),
  version: z.string(),
  mcp: z.literal('/mcp'),
  console: z.literal('/ui/').optional().describe('the web console (absent when TROVE_UI_ENABLED=false)'),
  docs: z.literal('/docs').describe('the API reference (Swagger UI); its document is /openapi.json'),
  openapi: z.literal('/openapi.json'),
});
export const Health = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });
export type RootInfoView = z.output<typeof RootInfo>;
export type HealthView = z.output<typeof Health>;
