/**
 * metav1.Condition bookkeeping, as apimachinery's meta.SetStatusCondition does it:
 * `lastTransitionTime` moves only when the status flips, so watchers of a
 * resource see a stable timestamp while a reason or message is refreshed.
 */
import type { Condition } from './crds';

export const READY = 'Ready';

export type ConditionInput = Omit<Condition, 'lastTransitionTime'>;

export function setCondition(
  conditions: readonly Condition[] | undefined,
  next: ConditionInput,
  now: Date,
): Condition[] {
  const existing = (conditions ?? []).find((c) => c.type === next.type);
  const lastTransitionTime =
    existing && existing.status === next.status ? existing.lastTransitionTime : now.toISOString();
  const updated: Condition = { ...next, lastTransitionTime };
  const others = (conditions ?? []).filter((c) => c.type !== next.type);
  return [...others, updated].sort((a, b) => a.type.localeCompare(b.type));
}

export function findCondition(
  conditions: readonly Condition[] | undefined,
  type: string,
): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

export function isReady(conditions: readonly Condition[] | undefined): boolean {
  return findCondition(conditions, READY)?.status === 'True';
}

/** Order-insensitive for object keys; used to skip writes that would change nothing. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  );
}
