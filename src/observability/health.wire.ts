/** What the public routes of health answer: `/`, `/healthz` and `/readyz`. */
import { z } from 'zod';

export const RootInfo = z.object({ name: z.literal('trove'), version: z.string(), mcp: z.literal('/mcp') });
export const Health = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });
export type RootInfoView = z.output<typeof RootInfo>;
export type HealthView = z.output<typeof Health>;
