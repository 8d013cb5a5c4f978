import path from 'node:path';
import { z } from 'zod';
import { trustProxyFromEnv, type TrustedProxies } from './trusted-proxies.ts';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `auto` (the server decides, and says why at start), or a yes or no that is obeyed. */
const autoOnOff = z
  .enum(['auto', 'true', 'false', '1', '0', 'yes', 'no'])
  .default('auto')
  .transform((value) =>
    value === 'auto' ? 'auto' : ['true', '1', 'yes'].includes(value) ? 'on' : 'off',
  );
export type AutoOnOff = z.output<typeof autoOnOff>;

const paymentServiceNames = ['stripe', 'paypal'] as const;
export type PaymentServiceName = (typeof paymentServiceNames)[number];

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * Every environment variable the server reads, with its embedded default. `.env.example` and the
 * README's configuration table list the same names; keep the three in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which proxies may say who the client is (config/trusted-proxies.ts, decision 054). */
  TRUST_PROXY: trustProxyFromEnv,
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SEED_DEMO_CONTENT: booleanFromString.default(true),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFromString.default(true),
  AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Relatos <no-reply@relatos.local>'),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  /**
   * auto: Apertium translates when its package (apertium-eng-spa) is on the machine; true: it must
   * (the start fails without it); false: never (decision 044).
   */
  TRANSLATE_APERTIUM: autoOnOff,
  /**
   * The development mailbox (decision 060): auto: on for a development start without SMTP_URL on
   * a loopback PUBLIC_URL; true: on wherever mail is kept rather than sent; false: never.
   */
  DEV_MAILBOX: autoOnOff,
  /** The mailbox's address is /dev/mailbox/<token>; unset: a random one kept by the installation. */
  DEV_MAILBOX_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,}$/, 'at least 16 letters, digits, _ or -')
      .optional(),
  ),
  LIBRETRANSLATE_URL: optionalString.pipe(z.url().optional()),
  LIBRETRANSLATE_API_KEY: optionalString,
  DEEPL_API_KEY: optionalString,
  DEEPL_API_URL: z.url().default('https://api-free.deepl.com'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ENABLE_PAYMENT_SERVICES: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((value, context) => {
        const names = (value ?? '')
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== '');
        const unknown = names.filter((name) => !paymentServiceNames.includes(name as never));
        if (unknown.length > 0) {
          context.addIssue({
            code: 'custom',
            message: `unknown payment service ${unknown.join(', ')} (expected a comma list of ${paymentServiceNames.join(', ')})`,
          });
          return z.NEVER;
        }
        return [...new Set(names)] as PaymentServiceName[];
      }),
  ),
  PAYPAL_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** The memory one alignment's thread may hold (lib/alignment-thread, decision 053). */
  ALIGNMENT_MEMORY_MB: z.coerce.number().int().min(256).default(1024),
  /** The longest recording uploaded, imported or aligned (decision 059). */
  MAX_RECORDING_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  /** Connections this instance's pool opens to PostgreSQL at most. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** A statement running longer is cancelled by PostgreSQL (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** Opening a connection (or waiting for a free one) longer fails the request with 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /**
   * A request must have arrived whole (headers and body) within this (0: no limit). Two hours: a
   * 300 MB story package at Chrome's "Slow 3G" upload rate (400 kbit/s) takes 105 minutes.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(7_200_000),
  /** A connection whose client sends (or takes) nothing for this long is closed (0: never). */
  CONNECTION_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /** An idle kept-alive connection between requests is closed after this. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  /** On SIGTERM, in-flight requests get this long to finish; past it the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** On SIGTERM, readiness answers 503 this long before the server stops accepting connections. */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Bearer token for /metrics on the app's own port; without it (and without METRICS_PORT) there is no /metrics. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** Serves /metrics on a port of its own (keep it off the public network). */
  METRICS_PORT: optionalString
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(1).max(65535).optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface S3Config {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** Proxies trusted to name the client's address, scheme and host (decision 054). */
  trustProxy: TrustedProxies;
  databaseUrl?: string;
  embeddedPgPort: number;
  seedDemoContent: boolean;
  s3?: S3Config;
  /** Signs session cookies; unset outside production: the installation's, kept in the database. */
  authSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Whether the development mailbox is served, and its address's token (decision 060). */
  devMailbox: { mode: AutoOnOff; token?: string };
  translation: {
    /** auto: when installed; on: required; off: never (decision 044). */
    apertium: 'auto' | 'on' | 'off';
    libreTranslateUrl?: string;
    libreTranslateApiKey?: string;
    deeplApiKey?: string;
    deeplApiUrl: string;
  };
  payments: {
    /** Stripe Checkout when set; otherwise the built-in sandbox (never in production). */
    stripeSecretKey?: string;
    /** Verifies webhook signatures; without it the webhook endpoint answers 503. */
    stripeWebhookSecret?: string;
    /** Points the Stripe SDK elsewhere (tests: a local fake of Stripe's API). */
    stripeApiBase?: string;
    /** Services switched on at start (ENABLE_PAYMENT_SERVICES); others keep their stored state. */
    enableServices: PaymentServiceName[];
    /** The wallet provider's hosted payment page, stored in its configuration at start. */
    paypalUrl?: string;
  };
  /** The background-job worker of this instance (lib/jobs/job-worker.ts). */
  jobs: JobWorkerSettings;
  /** The alignment engine's own thread (lib/alignment-thread, decision 053). */
  alignment: { memoryMb: number };
  /** Recordings longer than this are refused, measured from their stream (decision 059). */
  recordings: { maxSeconds: number };
  /** The pool of connections to PostgreSQL (db/client.ts). */
  database: DatabaseSettings;
  /** How long clients may take to send a request, stay quiet, or keep a connection (decision 061). */
  http: HttpTimeouts;
  /** Graceful shutdown (index.ts, decision 028). */
  shutdown: { timeoutMs: number; drainDelayMs: number };
  /** Prometheus metrics (lib/metrics): where /metrics is served and who may read it. */
  metrics: { token?: string; port?: number };
  /** Where the built client lives; absent in API-only tests. */
  clientDir?: string;
  /** The built server-rendering bundle (dist/ssr/entry-server.js); pages render in the browser without it. */
  serverRenderEntry?: string;
}

/** Clients that stall or trickle (lib/http/slow-clients.ts, decision 061). */
export interface HttpTimeouts {
  /** The whole request, headers and body, within this; 0: no limit. */
  requestTimeoutMs: number;
  /** Nothing received from the client (or taken by it) for this long closes its connection; 0: never. */
  idleTimeoutMs: number;
  /** An idle kept-alive connection between two requests is closed after this. */
  keepAliveTimeoutMs: number;
}

export interface DatabaseSettings {
  poolMax: number;
  /** 0: no limit. */
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

export interface JobWorkerSettings {
  /** Jobs this instance runs at once (JOB_WORKERS); 0: this instance runs none. */
  concurrency: number;
  pollIntervalMs: number;
  heartbeatIntervalMs: number;
  /** A job whose worker has been silent this long is taken over by another instance. */
  staleAfterMs: number;
  /** On shutdown, running jobs may finish for this long before they go back to the queue. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const s3Fields = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  const s3Set = s3Fields.filter((value) => value !== undefined).length;
  if (s3Set > 0 && s3Set < s3Fields.length) {
    throw new ConfigError([
      'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none of them)',
    ]);
  }
  if (env.DEV_MAILBOX === 'on' && env.SMTP_URL) {
    throw new ConfigError([
      'DEV_MAILBOX=true keeps mail in the development mailbox, but SMTP_URL sends it: unset one of them',
    ]);
  }
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (!env.SMTP_URL && env.DEV_MAILBOX !== 'on') {
      problems.push(
        'SMTP_URL: required in production (without it, mail is only kept for the development mailbox, which production serves only with DEV_MAILBOX=true)',
      );
    }
    if (!env.AUTH_SECRET) {
      problems.push(
        'AUTH_SECRET: required in production (at least 32 characters, same on every instance)',
      );
    }
    if (env.ENABLE_PAYMENT_SERVICES?.includes('stripe') && !env.STRIPE_SECRET_KEY) {
      problems.push(
        'STRIPE_SECRET_KEY: required in production when ENABLE_PAYMENT_SERVICES lists stripe (the built-in sandbox checkout never runs in production)',
      );
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      problems.push(
        'STRIPE_WEBHOOK_SECRET: required in production with STRIPE_SECRET_KEY (payments of donors who close the tab are fulfilled by the webhook)',
      );
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    seedDemoContent: env.SEED_DEMO_CONTENT,
    s3:
      s3Set === s3Fields.length
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    authSecret: env.AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    devMailbox: { mode: env.DEV_MAILBOX, token: env.DEV_MAILBOX_TOKEN },
    translation: {
      apertium: env.TRANSLATE_APERTIUM,
      libreTranslateUrl: env.LIBRETRANSLATE_URL,
      libreTranslateApiKey: env.LIBRETRANSLATE_API_KEY,
      deeplApiKey: env.DEEPL_API_KEY,
      deeplApiUrl: env.DEEPL_API_URL,
    },
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE,
      enableServices: env.ENABLE_PAYMENT_SERVICES ?? [],
      paypalUrl: env.PAYPAL_URL,
    },
    jobs: {
      concurrency: env.JOB_WORKERS,
      pollIntervalMs: 5000,
      heartbeatIntervalMs: 5000,
      staleAfterMs: 60_000,
      shutdownGraceMs: 5000,
    },
    alignment: { memoryMb: env.ALIGNMENT_MEMORY_MB },
    recordings: { maxSeconds: env.MAX_RECORDING_MINUTES * 60 },
    database: {
      poolMax: env.DB_POOL_MAX,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    },
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      idleTimeoutMs: env.CONNECTION_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
    shutdown: {
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      // Behind a load balancer, give its probes time to see readiness fail before new
      // connections are refused; on a developer's machine nobody probes, so stop at once.
      drainDelayMs: env.SHUTDOWN_DRAIN_DELAY_MS ?? (env.NODE_ENV === 'production' ? 5000 : 0),
    },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
  };
}
