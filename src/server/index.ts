import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, envSchema, loadConfig, type AppConfig } from './config/env.ts';
import { createLogger } from './lib/logger.ts';
import { prepareApp, resolveAuthSecret, startRuntime, type Runtime } from './runtime.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// A local .env file is optional; real environment variables take precedence over it.
const envFile = path.join(process.cwd(), '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

// The logger comes first, so that every line the process writes, a configuration error included,
// is a JSON line (decision 028). An invalid LOG_LEVEL is reported below with the other problems.
const logLevel = envSchema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL);
const logger = createLogger(logLevel.success ? logLevel.data : 'info');
const startupLog = (message: string) => logger.info(message);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception: exiting');
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  logger.fatal({ err: error }, 'unhandled rejection: exiting');
  process.exit(1);
});

function readConfig(): AppConfig {
  try {
    return {
      ...loadConfig(),
      clientDir: path.join(projectRoot, 'dist/client'),
      serverRenderEntry: path.join(projectRoot, 'dist/ssr/entry-server.js'),
    };
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.fatal({ problems: error.problems }, error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
logger.info({ env: config.env }, 'starting');

const couldNotStart = (error: unknown) => logger.fatal(`could not start: ${reason(error)}`);

let runtime: Runtime;
try {
  runtime = await startRuntime(config, startupLog);
} catch (error) {
  couldNotStart(error);
  process.exit(1);
}
let authSecret: string;
try {
  authSecret = await resolveAuthSecret(config, runtime.database, startupLog);
} catch (error) {
  couldNotStart(error);
  await runtime.stop().catch(() => undefined);
  process.exit(1);
}
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ ...config, authSecret }, { ...runtime, logger });
} catch (error) {
  // A service the configuration requires and the machine lacks (TRANSLATE_APERTIUM=true).
  couldNotStart(error);
  await runtime.stop().catch(() => undefined);
  process.exit(1);
}
try {
  await prepareApp(app.context.services, config, startupLog);
} catch (error) {
  couldNotStart(error);
  await app.close().catch(() => undefined);
  await runtime.stop().catch(() => undefined);
  process.exit(1);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Settles with true when `work` ends within `ms`, false when the bound passes first. */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = work.then(() => true as const);
  const result = await Promise.race([done, bound]);
  clearTimeout(timer);
  return result;
}

/** How long stopping the pool and the embedded database may take after the server has closed. */
const RUNTIME_STOP_BOUND_MS = 20_000;

let shuttingDown = false;
/**
 * Graceful shutdown (decision 028): readiness fails first; after SHUTDOWN_DRAIN_DELAY_MS the
 * server stops accepting connections, live streams end with a retry hint, in-flight requests get
 * SHUTDOWN_TIMEOUT_MS to finish, the job worker stops; then the pool and the embedded database.
 * Exit code 0, or 1 when the requests' bound was exceeded (their connections are cut).
 */
async function shutdown(signal: string, cause?: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  const { timeoutMs, drainDelayMs } = config.shutdown;
  logger.info({ signal, drainDelayMs, timeoutMs }, 'shutting down');
  app.context.services.health.beginShutdown();
  if (drainDelayMs > 0 && !cause) await delay(drainDelayMs);
  const closing = app.close();
  let exitCode = cause ? 1 : 0;
  if (!(await within(timeoutMs, closing))) {
    logger.error({ timeoutMs }, 'requests still running after SHUTDOWN_TIMEOUT_MS: cut off');
    app.server.closeAllConnections();
    exitCode = 1;
    await within(RUNTIME_STOP_BOUND_MS, closing);
  }
  await closing.catch((error: unknown) => logger.error({ err: error }, 'close failed'));
  const stopped = await within(
    RUNTIME_STOP_BOUND_MS,
    runtime.stop().catch((error: unknown) => {
      logger.error({ err: error }, 'stop failed');
      exitCode = 1;
    }),
  );
  if (!stopped) {
    logger.error('the database pool or the embedded database did not stop in time');
    exitCode = 1;
  }
  logger.info({ exitCode }, 'stopped');
  process.exit(exitCode);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Without its database this process cannot serve, and restarting PostgreSQL under it would hide
// a crash: it exits non-zero so that its supervisor restarts the whole server (decision 028).
runtime.onDatabaseLost(({ code, signal, lastOutput }) => {
  logger.fatal(
    { code, signal, lastOutput },
    'the embedded PostgreSQL exited unexpectedly: stopping so that a supervisor restarts the server',
  );
  void shutdown('database-lost', 'embedded PostgreSQL exited');
});

try {
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: config.publicUrl }, `serving ${config.publicUrl}`);
} catch (error) {
  logger.fatal({ err: error }, 'could not listen');
  await runtime.stop().catch(() => undefined);
  process.exit(1);
}
