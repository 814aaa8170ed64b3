/**
 * Starts Trove: validated settings, the HTTP server on PORT, and a graceful stop.
 *
 * On SIGTERM/SIGINT: /readyz turns 503 for TROVE_SHUTDOWN_DRAIN_SECONDS so the
 * Service takes the pod out of rotation, then the server stops accepting, lets
 * in-flight requests finish and closes the database; if that takes longer than
 * TROVE_SHUTDOWN_GRACE_SECONDS the process exits anyway.
 */
import 'reflect-metadata';
import { loadSettings, Settings, SettingsError } from './config/settings';
import { createApp } from './app.factory';
import { createLogger } from './observability/logger';
import { keepServingOnUncaughtErrors, logServerErrors } from './observability/last-resort';
import { LifecycleService } from './observability/lifecycle.service';
import { buildInfo } from './observability/metrics';
import { scrape } from './observability/metrics.controller';
import { startMetricsServer } from './observability/metrics-server';
import { DatabaseService } from './database/database.service';
import { ApiKeysService } from './auth/api-keys.service';
import { bootstrapKeyMessage, reportStartup } from './observability/startup-report';
import { version } from './version';

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`trove: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(settings.logLevel);
  // Node prints warnings (deprecations) to stderr as plain text; as log lines they stay JSON.
  process.removeAllListeners('warning');
  process.on('warning', (warning) =>
    logger.warn(
      { warning: { name: warning.name, code: (warning as { code?: string }).code } },
      warning.message,
    ),
  );
  buildInfo.set({ version, revision: settings.revision }, 1);
  const app = await createApp(settings, logger);
  // listen() runs the modules' start-up (the bootstrap key among it), then opens the port.
  const bootstrapKeyOf = () => app.get(ApiKeysService).takeGeneratedBootstrapKey();
  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    // A key made before the port failed is in the database now: show it, once.
    const bootstrapKey = bootstrapKeyOf();
    if (bootstrapKey) logger.warn(bootstrapKeyMessage(bootstrapKey));
    throw error;
  }
  const bootstrapKey = bootstrapKeyOf();
  const metrics =
    settings.metricsPort === null
      ? null
      : await startMetricsServer(settings.host, settings.metricsPort, () => scrape(app.get(DatabaseService)));
  if (metrics) logger.info({ port: metrics.port }, `Metrics listening on port ${metrics.port}`);
  // From here on no single request's error may end the process; before, any error ends the start.
  keepServingOnUncaughtErrors(logger);
  logServerErrors(app.getHttpServer(), logger, 'api');
  if (metrics) logServerErrors(metrics.server, logger, 'metrics');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  logger.info(
    { port, version, database: settings.databaseUrl ? 'postgresql' : 'embedded' },
    `Trove listening on port ${port}`,
  );
  reportStartup(logger, {
    host: settings.host,
    port,
    version,
    database: settings.databaseUrl ? 'postgresql' : 'embedded',
    dataDir: settings.dataDir,
    uiEnabled: settings.uiEnabled,
    bootstrapKey,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down: draining');
    const force = setTimeout(() => {
      logger.error('Shutdown grace period exceeded; exiting');
      process.exit(1);
    }, settings.shutdownGraceSeconds * 1000);
    force.unref();
    app.get(LifecycleService).startDraining();
    await new Promise((resolve) => setTimeout(resolve, settings.shutdownDrainSeconds * 1000));
    await app.close();
    metrics?.server.close();
    logger.info('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(
    `trove: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
