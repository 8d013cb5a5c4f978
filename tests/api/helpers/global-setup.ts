import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '#server/db/client';
import { seedDefaults } from '#server/db/seed-defaults';

export const TEMPLATE_DB = 'relatos_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user:pass@host:port (no database) of the server the API tests use. */
    pgServerUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole API test run (the embedded one, or TEST_DATABASE_URL's
 * server), one migrated template database, and a fresh clone of it for every test file.
 */
export default async function setup(project: TestProject) {
  let stop: () => Promise<void> = async () => undefined;
  let serverUrl: string;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const url = new URL(external);
    url.pathname = '';
    serverUrl = url.toString().replace(/\/$/, '');
  } else {
    const server = await startTestPostgresProcess();
    serverUrl = server.serverUrl;
    stop = server.stop;
  }

  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const template = connectDatabase(`${serverUrl}/${TEMPLATE_DB}`, 2);
  await runMigrations(template);
  await seedDefaults(template.db);
  await template.close();

  project.provide('pgServerUrl', serverUrl);
  return stop;
}

async function startTestPostgresProcess() {
  const script = path.join(import.meta.dirname, 'test-postgres-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const serverUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { serverUrl: string }).serverUrl);
    });
    child.once('exit', (code) => reject(new Error(`test PostgreSQL exited early (code ${code})`)));
  });
  return {
    serverUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}
