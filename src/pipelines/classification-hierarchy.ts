/**
 * Classifications and their inheritance, as pure functions.
 *
 * A pair [a, b] means "a inherits b": searching a hierarchically also finds
 * fragments classified b, and everything b inherits, transitively. The pairs
 * form a directed acyclic graph; a cycle would make every member inherit every
 * other, which is never what a writer of the pairs meant, so it is refused.
 */
import { invalid } from '../common/errors';
import { PipelineErrorReason } from './pipeline-errors';

export type HierarchyPair = [string, string];

export interface Classifications {
  classifications: string[];
  hierarchy: HierarchyPair[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Validates and returns the canonical (sorted) form that GET and MCP return. */
export function normalizeClassifications(
  classifications: string[],
  hierarchy: HierarchyPair[],
): Classifications {
  const names = new Set<string>();
  classifications.forEach((name, i) => {
    if (names.has(name))
      throw invalid(
        PipelineErrorReason.InvalidDefinition,
        `classifications[${i}]: '${name}' is listed twice`,
      );
    names.add(name);
  });
  const seen = new Set<string>();
  hierarchy.forEach(([child, parent], i) => {
    for (const [position, name] of [
      [0, child],
      [1, parent],
    ] as const) {
      if (!names.has(name))
        throw invalid(
          PipelineErrorReason.InvalidDefinition,
          `hierarchy[${i}][${position}]: '${name}' is not one of the pipeline's classifications`,
        );
    }
    if (child === parent)
      throw invalid(
        PipelineErrorReason.InvalidDefinition,
        `hierarchy[${i}]: '${child}' cannot inherit itself`,
      );
    const key = JSON.stringify([child, parent]);
    if (seen.has(key))
      throw invalid(
        PipelineErrorReason.InvalidDefinition,
        `hierarchy[${i}]: the pair ['${child}', '${parent}'] is listed twice`,
      );
    seen.add(key);
  });
  const cycle = findCycle(hierarchy);
  if (cycle)
    throw invalid(
      PipelineErrorReason.InvalidDefinition,
      `hierarchy: the pairs form a cycle (${cycle.join(' -> ')})`,
    );
  return {
    classifications: [...names].sort(compare),
    hierarchy: [...hierarchy]
      .map(([a, b]) => [a, b] as HierarchyPair)
      .sort((x, y) => compare(x[0], y[0]) || compare(x[1], y[1])),
  };
}

function parentsOf(hierarchy: HierarchyPair[]): Map<string, string[]> {
  const parents = new Map<string, string[]>();
  for (const [child, parent] of hierarchy) parents.set(child, [...(parents.get(child) ?? []), parent]);
  return parents;
}

/** A cycle as a path that starts and ends on the same name, or null. */
export function findCycle(hierarchy: HierarchyPair[]): string[] | null {
  const parents = parentsOf(hierarchy);
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'visiting') return [...stack.slice(stack.indexOf(name)), name];
    state.set(name, 'visiting');
    stack.push(name);
    for (const parent of parents.get(name) ?? []) {
      const cycle = visit(parent);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of [...parents.keys()].sort(compare)) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The classifications a search for `requested` covers: each defined name, plus,
 * when hierarchical, everything it inherits. Undefined names are ignored.
 */
export function expandClassifications(
  requested: string[],
  defined: Classifications,
  match: 'hierarchical' | 'exact',
): string[] {
  const known = new Set(defined.classifications);
  const result = new Set<string>();
  const parents = parentsOf(defined.hierarchy);
  const pending = requested.filter((name) => known.has(name));
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (result.has(name)) continue;
    result.add(name);
    if (match === 'hierarchical') pending.push(...(parents.get(name) ?? []));
  }
  return [...result].sort(compare);
}
