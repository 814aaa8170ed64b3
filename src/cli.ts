/**
 * `npx trove <command>` (bin/trove.mjs), or `node dist/cli.js` in the image: administration
 * without the HTTP server.
 *
 *   migrate                                  apply pending migrations and exit
 *   keys create --name N [--admin] [--grant PIPELINE:PERMS[:CLASS,CLASS]]... [--scope agent:read|agent:write|agent:execute]...
 *   keys list
 *   keys disable <id> | keys enable <id> | keys delete <id>
 *   full-text rebuild [<pipeline id>]      compute BM25's statistics again from the fragments (a repair)
 *   ingest <path>... --pipeline <id|name> ...   files of this machine into a pipeline, over HTTP (client/ingest.ts)
 *   eval FILE... --pipeline <id|name> ...      an evaluation on a labelled set (JSONL or BEIR), over HTTP (client/eval.ts)
 *   mcp                                      the stdio MCP bridge to a Trove, as `trove-mcp` (client/bridge.ts)
 *
 * `ingest`, `eval` and `mcp` talk to a running Trove over HTTP (TROVE_URL, TROVE_API_KEY,
 * TROVE_API_SECRET); the other commands work on the same database as the server (DATABASE_URL, or the embedded one
 * in TROVE_DATA_DIR — which only one process can open at a time, so stop the
 * server first in embedded mode).
 */
import { parseArgs } from 'node:util';
// Only what every command needs is loaded here: `mcp`, `ingest` and `eval` talk HTTP and
// start without the server's modules (Nest, TypeORM, PGlite), which the rest load when run.
import type { DatabaseService } from './database/database.service';
import { SettingsError } from './config/settings';
import { DomainError } from './common/errors';

const USAGE = `usage: trove migrate
       trove keys create --name NAME [--admin] [--grant PIPELINE_ID|*:PERMISSIONS[:CLASSIFICATION,...]]... [--scope SCOPE]...
       trove keys list
       trove keys disable|enable|delete KEY_ID
       trove full-text rebuild [PIPELINE_ID]
       trove ingest PATH... --pipeline ID|NAME [--classification C] [--metadata KEY=VALUE]... [--recursive] [--include GLOB]... [--exclude GLOB]...
       trove eval FILE... --pipeline ID|NAME [--search JSON]... [--corpus corpus.jsonl] [--json] [--fail-below METRIC=VALUE]...
       trove mcp`;

/** `--grant <pipeline>:<0-7>[:a,b]`; without classifications the allow-list is `*`. */
export function parseGrant(text: string) {
  const [pipeline_id, permissions, classifications] = text.split(':');
  return {
    pipeline_id,
    permissions: /^\d+$/.test(permissions ?? '') ? Number(permissions) : permissions,
    classifications:
      classifications === undefined || classifications === '*' ? '*' : classifications.split(','),
  };
}

async function run(argv: string[]): Promise<number> {
  // The HTTP clients: no database, no server settings.
  if (argv[0] === 'ingest') return (await import('./client/ingest.js')).runIngest(argv.slice(1));
  if (argv[0] === 'eval') return (await import('./client/eval.js')).runEval(argv.slice(1));
  if (argv[0] === 'mcp') {
    (await import('./client/bridge.js')).runBridge();
    return new Promise<number>(() => undefined); // serves until stdin closes
  }
  return runAdministration(argv);
}

/** The commands on the database itself. */
async function runAdministration(argv: string[]): Promise<number> {
  await import('reflect-metadata');
  const [
    { Logger },
    { default: pino },
    { loadSettings },
    { DatabaseService },
    { createLogger, PinoNestLogger },
  ] = await Promise.all([
    import('@nestjs/common'),
    import('pino'),
    import('./config/settings.js'),
    import('./database/database.service.js'),
    import('./observability/logger.js'),
  ]);
  const [
    { ApiKeysRepository },
    { ApiKeysService },
    { BearerTokens },
    { CreateApiKeySchema },
    { requireUuid },
    { parseWith },
  ] = await Promise.all([
    import('./auth/api-keys.repository.js'),
    import('./auth/api-keys.service.js'),
    import('./auth/bearer-tokens.js'),
    import('./auth/api-keys.dto.js'),
    import('./common/ids.js'),
    import('./common/validation.js'),
  ]);
  const settings = loadSettings();
  // stdout carries the command's answer (JSON for `keys create`); logs go to stderr, warnings up.
  Logger.overrideLogger(new PinoNestLogger(createLogger('warn', pino.destination(2))));
  // The CLI never owns migrations implicitly, and never creates a bootstrap key.
  const db = new DatabaseService(settings);
  const [group, command, ...rest] = argv;
  if (group === 'migrate') {
    await db.connect();
    try {
      const applied = await db.migrate();
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
      return 0;
    } finally {
      await db.close();
    }
  }
  const known = (group === 'keys' && command) || (group === 'full-text' && command === 'rebuild');
  if (!known) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  await db.connect();
  try {
    if (await db.hasPendingMigrations())
      throw new Error('The database has pending migrations: run `trove migrate` first.');
    if (group === 'full-text') return await rebuildFullText(db, rest[0]);
    const keys = new ApiKeysService(new ApiKeysRepository(db), db, settings, new BearerTokens());
    switch (command) {
      case 'create': {
        const { values } = parseArgs({
          args: rest,
          options: {
            name: { type: 'string' },
            admin: { type: 'boolean', default: false },
            grant: { type: 'string', multiple: true },
            scope: { type: 'string', multiple: true },
          },
        });
        const dto = parseWith(CreateApiKeySchema, {
          name: values.name,
          admin: values.admin,
          grants: (values.grant ?? []).map(parseGrant),
          scopes: values.scope,
        });
        process.stdout.write(`${JSON.stringify(await keys.create(dto), null, 2)}\n`);
        return 0;
      }
      case 'list': {
        const page = await keys.list({ limit: '1000' });
        for (const key of page.data) {
          process.stdout.write(
            `${key.id}\t${key.name}\t${key.admin ? 'admin' : 'user'}\t${key.disabled ? 'disabled' : 'enabled'}\n`,
          );
        }
        return 0;
      }
      case 'disable':
      case 'enable': {
        const id = requireUuid(rest[0], 'KEY_ID');
        await keys.update(id, { disabled: command === 'disable' });
        process.stdout.write(`Key ${id} ${command}d.\n`);
        return 0;
      }
      case 'delete': {
        const id = requireUuid(rest[0], 'KEY_ID');
        await keys.delete(id);
        process.stdout.write(`Key ${id} deleted.\n`);
        return 0;
      }
      default:
        process.stderr.write(`${USAGE}\n`);
        return 2;
    }
  } finally {
    await db.close();
  }
}

/**
 * `full-text rebuild`: each pipeline's statistics (or the one named) computed again from
 * its fragments, one transaction per pipeline holding it against writes and edits.
 */
async function rebuildFullText(db: DatabaseService, id: string | undefined): Promise<number> {
  const { requireUuid } = await import('./common/ids.js');
  const { PipelinesRepository } = await import('./pipelines/pipelines.repository.js');
  const { FullTextStatisticsRepository } =
    await import('./fragments/full-text/full-text-statistics.repository.js');
  const pipelines = new PipelinesRepository(db);
  const statistics = new FullTextStatisticsRepository(db);
  const ids =
    id === undefined
      ? (await db.query<{ id: string }>(`SELECT id FROM pipelines WHERE full_text_search ORDER BY id`)).map(
          (row) => row.id,
        )
      : [requireUuid(id, 'PIPELINE_ID')];
  for (const pipelineId of ids) {
    await db.transaction(async (tx) => {
      const pipeline = await pipelines.find(pipelineId, tx);
      if (!pipeline) throw new Error(`No pipeline ${pipelineId}`);
      await pipelines.lock(pipelineId, tx);
      await statistics.rebuild(pipelineId, tx);
    });
    process.stdout.write(`Rebuilt the full-text statistics of pipeline ${pipelineId}.\n`);
  }
  return 0;
}

/** Runs one command and exits with its code (bin/trove.mjs and `node dist/cli.js` both come here). */
export function main(argv: string[]): void {
  run(argv).then(
    (code) => process.exit(code),
    (error) => {
      const message =
        error instanceof SettingsError || error instanceof DomainError || error instanceof Error
          ? error.message
          : String(error);
      process.stderr.write(`trove: ${message}\n`);
      process.exit(1);
    },
  );
}

if (require.main === module) main(process.argv.slice(2));
