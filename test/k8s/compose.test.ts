/**
 * docker-compose.yml and .env.example, read as Compose reads them: Trove built from the
 * Dockerfile, PostgreSQL with pgvector on a named volume, both with healthchecks, Trove
 * waiting for a healthy database, and every variable the file needs defined in the
 * example env file, which Trove refuses as is and accepts once filled in.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { loadSettings } from '../../src/config/settings';
import { REPO_ROOT } from './support/tools';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  env_file?: string | string[];
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval: string; retries: number };
  stop_grace_period?: string;
}
const compose = yaml.load(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const exampleText = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
const example = Object.fromEntries(
  exampleText
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** `${NAME}` / `${NAME:?message}` as Compose interpolates them, from an env file's values. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(:\?[^}]*)?\}/g, (_, name: string) => {
    if (env[name] === undefined) throw new Error(`${name} is not set`);
    return env[name];
  });
}

describe('docker-compose.yml', () => {
  const { postgres, trove } = compose.services;

  it('builds Trove from the Dockerfile and runs PostgreSQL with pgvector on a named volume', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'trove']);
    expect(trove.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
    expect(fs.existsSync(path.join(REPO_ROOT, trove.build!.dockerfile))).toBe(true);
    expect(postgres.image).toMatch(/^pgvector\/pgvector:pg1[5-9]$/);
    const [volume, mountPath] = postgres.volumes![0].split(':');
    expect(mountPath).toBe('/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes)).toEqual([volume]);
    expect(trove.ports).toEqual(['127.0.0.1:8080:8080']);
  });

  it('checks the health of both, and starts Trove once the database is healthy', () => {
    expect(postgres.healthcheck?.test.join(' ')).toMatch(/pg_isready -U trove -d trove/);
    expect(trove.healthcheck?.test.join(' ')).toContain('/readyz');
    expect(trove.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    // Longer than Trove's default TROVE_SHUTDOWN_GRACE_SECONDS (25), as in the chart.
    expect(parseInt(trove.stop_grace_period ?? '0', 10)).toBeGreaterThan(25);
  });

  it('takes the bootstrap key from the env file, which defines every variable the file uses', () => {
    expect(trove.env_file).toBe('.env');
    const used = [...JSON.stringify(compose).matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]);
    for (const name of used) expect(Object.keys(example)).toContain(name);
    for (const name of ['TROVE_BOOTSTRAP_API_KEY', 'TROVE_BOOTSTRAP_API_SECRET', 'TROVE_ENCRYPTION_KEY'])
      expect(Object.keys(example)).toContain(name);
    expect(fs.readFileSync(path.join(REPO_ROOT, '.gitignore'), 'utf8').split('\n')).toContain('.env');
  });

  it('gives Trove settings it refuses until the CHANGE-ME values are replaced, and accepts once they are', () => {
    const troveEnv = (env: Record<string, string>) => ({
      ...env,
      ...Object.fromEntries(Object.entries(trove.environment ?? {}).map(([k, v]) => [k, interpolate(v, env)])),
    });
    expect(() => loadSettings(troveEnv(example))).toThrow(/TROVE_ENCRYPTION_KEY|TROVE_BOOTSTRAP_API_KEY/);
    const filled = {
      ...example,
      POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
      TROVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TROVE_BOOTSTRAP_API_KEY: randomUUID(),
      TROVE_BOOTSTRAP_API_SECRET: randomBytes(24).toString('hex'),
    };
    expect(Object.values(example).filter((v) => v.startsWith('CHANGE-ME'))).toHaveLength(4);
    const settings = loadSettings(troveEnv(filled));
    expect(settings.databaseUrl).toBe(`postgres://trove:${filled.POSTGRES_PASSWORD}@postgres:5432/trove`);
    expect(settings.bootstrapApiKey?.id).toBe(filled.TROVE_BOOTSTRAP_API_KEY);
  });
});
