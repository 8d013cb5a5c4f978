import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/env.ts';
import { prepareApp, resolveAuthSecret, startRuntime, type Runtime } from './runtime.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readConfig(): AppConfig {
  // A local .env file is optional; real environment variables take precedence over it.
  const envFile = path.join(process.cwd(), '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return {
      ...loadConfig(),
      clientDir: path.join(projectRoot, 'dist/client'),
      serverRenderEntry: path.join(projectRoot, 'dist/ssr/entry-server.js'),
    };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const startupLog = (message: string) => console.log(`[relatos] ${message}`);

const couldNotStart = (error: unknown) =>
  console.error(
    `[relatos] could not start: ${error instanceof Error ? error.message : String(error)}`,
  );

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
const app = await buildApp({ ...config, authSecret }, runtime);
try {
  await prepareApp(app.context.services, config, startupLog);
} catch (error) {
  couldNotStart(error);
  await app.close().catch(() => undefined);
  await runtime.stop().catch(() => undefined);
  process.exit(1);
}

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => process.exit(1), 20_000);
  forceExit.unref();
  await app.close().catch((error: unknown) => app.log.error({ err: error }, 'close failed'));
  await runtime.stop().catch((error: unknown) => app.log.error({ err: error }, 'stop failed'));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  startupLog(`serving ${config.publicUrl}`);
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await runtime.stop();
  process.exit(1);
}
