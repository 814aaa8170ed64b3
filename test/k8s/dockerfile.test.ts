/**
 * The Dockerfile and the chart agree on what the container is: the user the pod
 * security context runs as, the port, the writable paths, the entrypoint the
 * migration Job replaces. Docker itself is not needed (nor run) here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { REPO_ROOT } from './support/tools';

interface Instruction {
  keyword: string;
  args: string;
}

function parseDockerfile(text: string): { stages: { from: string; name?: string; instructions: Instruction[] }[]; args: Record<string, string> } {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; name?: string; instructions: Instruction[] }[] = [];
  const args: Record<string, string> = {};
  for (const line of logical) {
    const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ from, name, instructions: [] });
    } else if (stages.length === 0 && upper === 'ARG') {
      const [name, value] = rest.split('=');
      args[name] = value;
    } else {
      stages[stages.length - 1].instructions.push({ keyword: upper, args: rest });
    }
  }
  return { stages, args };
}

const dockerfile = parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'));
const runtime = dockerfile.stages[dockerfile.stages.length - 1];
const all = (keyword: string): string[] => runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const values = yaml.load(fs.readFileSync(path.join(REPO_ROOT, 'charts', 'trove', 'values.yaml'), 'utf8')) as {
  podSecurityContext: { runAsUser: number; runAsGroup: number };
  securityContext: { runAsUser: number };
};

describe('Dockerfile', () => {
  it('builds in stages on node:22-bookworm-slim, pinned by tag', () => {
    expect(dockerfile.args.NODE_IMAGE).toBe('node:22-bookworm-slim');
    expect(dockerfile.stages.map((s) => s.from)).toEqual(['${NODE_IMAGE}', '${NODE_IMAGE}', '${NODE_IMAGE}']);
    const build = dockerfile.stages.find((s) => s.name === 'build')!;
    const runs = build.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm run build\b/.test(r))).toBe(true);
    const prod = dockerfile.stages.find((s) => s.name === 'prod-deps')!;
    expect(prod.instructions.some((i) => i.keyword === 'RUN' && /npm ci --omit=dev/.test(i.args))).toBe(true);
  });

  it('ships only dist, production node_modules and package.json', () => {
    expect(all('COPY')).toEqual([
      '--from=prod-deps /app/node_modules ./node_modules',
      '--from=prod-deps /app/packages ./packages',
      '--from=build /app/dist ./dist',
      'package.json ./',
    ]);
  });

  it('runs as the numeric non-root user the chart expects', () => {
    const [user] = all('USER');
    expect(user).toBe(`${values.podSecurityContext.runAsUser}:${values.podSecurityContext.runAsGroup}`);
    expect(values.securityContext.runAsUser).toBe(values.podSecurityContext.runAsUser);
    expect(all('RUN').join(' ')).toMatch(/chown 10001:10001 \/data/);
  });

  it('sets the environment, port, signal and entrypoint Trove and the chart rely on', () => {
    const env = all('ENV').join(' ');
    // TROVE_HOST: the loopback default would leave a container's port unreachable.
    for (const pair of ['NODE_ENV=production', 'PORT=8080', 'TROVE_HOST=0.0.0.0', 'TROVE_DATA_DIR=/data', 'TROVE_TMP_DIR=/tmp'])
      expect(env).toContain(pair);
    expect(all('EXPOSE')).toEqual(['8080']);
    expect(all('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(JSON.parse(all('ENTRYPOINT')[0])).toEqual(['node', 'dist/main.js']);
    expect(all('VOLUME')).toEqual([]);
  });

  it('sends only the build inputs to the daemon (.dockerignore allow-list)', () => {
    const lines = fs
      .readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('*');
    expect(lines.filter((l) => l.startsWith('!')).sort()).toEqual(
      ['!package-lock.json', '!package.json', '!packages/', '!src/', '!tsconfig.build.json', '!tsconfig.json', '!web/'].sort(),
    );
    for (const copied of dockerfile.stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from')))) {
      for (const source of copied.args.split(/\s+/).slice(0, -1)) {
        const allowed = lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1).replace(/\/$/, ''));
        expect(allowed).toContain(source.replace(/\/$/, ''));
      }
    }
  });
});
