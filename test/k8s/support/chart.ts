/** Rendering charts/trove with the pinned helm, for the chart tests. */
import * as path from 'node:path';
import type { Labelled } from './kube-types';
import { parseYamlStream } from './manifests';
import { REPO_ROOT, requireTool, run } from './tools';

export const CHART = path.join(REPO_ROOT, 'charts', 'trove');
export const ALL_FEATURES = path.join(__dirname, '..', 'fixtures', 'all-features.values.yaml');
export const EXTERNAL_DB = [
  '--set',
  'database.url=postgres://trove:pw@db.example:5432/trove',
  '--set',
  'secrets.encryptionKey=q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=',
];

let helmPath: string | undefined;
/** The helm binary (found once, on first use). */
export function helm(): string {
  return (helmPath ??= requireTool('helm'));
}

export function template(
  args: string[],
  release = 'trove',
  namespace = 'trove',
): { objects: Labelled[]; stderr: string; status: number | null } {
  const result = run(helm(), ['template', release, CHART, '--namespace', namespace, ...args]);
  const objects = result.status === 0 ? parseYamlStream(result.stdout, `helm template ${args.join(' ')}`) : [];
  return { objects, stderr: result.stderr, status: result.status };
}

export function rendered(args: string[], release = 'trove', namespace = 'trove'): Labelled[] {
  const result = template(args, release, namespace);
  if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
  return result.objects;
}
