/** Reading manifests: YAML files and streams into labelled Kubernetes objects. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import type { KubeObject, Labelled } from './kube-types';
import { REPO_ROOT } from './tools';

export function parseYamlStream(text: string, source: string): Labelled[] {
  const objects: Labelled[] = [];
  for (const doc of yaml.loadAll(text)) {
    if (doc === null || doc === undefined) continue; // an empty document (comments only)
    const object = doc as KubeObject;
    if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') {
      throw new Error(`${source}#${objects.length}: not a Kubernetes object (apiVersion and kind are required)`);
    }
    objects.push({ source: `${source}#${objects.length} ${object.kind}/${object.metadata?.name ?? '?'}`, object });
  }
  return objects;
}

/** Every *.yaml / *.yml file under a directory, relative to it, sorted. */
export function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.ya?ml$/.test(entry.name)) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

export function loadYamlFile(file: string): Labelled[] {
  const absolute = path.resolve(REPO_ROOT, file);
  return parseYamlStream(fs.readFileSync(absolute, 'utf8'), path.relative(REPO_ROOT, absolute));
}

export function findObject(objects: Labelled[], kind: string, name?: string): KubeObject {
  const match = objects.find((o) => o.object.kind === kind && (name === undefined || o.object.metadata?.name === name));
  if (!match) throw new Error(`no ${kind}${name ? `/${name}` : ''} among ${objects.map((o) => o.source).join(', ')}`);
  return match.object;
}
