import path from 'node:path';
import { z } from 'zod';
import { trustProxySchema, type TrustProxy } from './lib/trust-proxy.ts';
import type { PgliteMemory } from './db/client.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default depends on NODE_ENV: every interface in production, loopback otherwise (see loadConfig). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  /** PostgreSQL connections the process keeps at most; unset: two per core (decision 0190). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  SITE_NAME: z.string().min(1).max(60).default('Encanto'),
  SITE_URL: z.url().default('http://localhost:3000'),
  DEMO_DATA: bool,
  /** A folder of demo photos already encoded, shared by the demo seeds of one machine (demo/photo-cache.ts). */
  DEMO_PHOTO_CACHE: z.string().min(1).optional(),
  /**
   * Browser tests only: a file holding how many milliseconds the server's clock runs ahead of the wall
   * clock (lib/clock.ts offsetClock), so a test reaches a meeting's time without waiting (decision 0157).
   * Refused in production unless ALLOW_DEMO_IN_PRODUCTION (the e2e servers' private demo).
   */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(7)
    .max(128)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Base32 TOTP secret of the bootstrapped admin, so automation can compute her codes. */
  ADMIN_TOTP_SECRET: z
    .string()
    .trim()
    .regex(/^[A-Za-z2-7]{16,}=*$/, 'ADMIN_TOTP_SECRET must be base32 (at least 16 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Encanto <no-responder@encanto.local>'),
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  SUPPORT_EMAIL: z.email().default('soporte@encanto.local'),
  REDIS_URL: optionalUrl,
  /** Live events (GET /api/eventos, decisions 0158-0161). */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(50).default(5),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(20).max(300_000).default(25_000),
  LIVE_SESSION_CHECK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  LIVE_REPLAY_EVENTS: z.coerce.number().int().min(10).max(1_000_000).default(5000),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl,
  DOCUMENT_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'DOCUMENT_KEY must be 64 hex characters (32 bytes)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema,
  RATE_LIMIT: bool,
  /** Threads that render pages beside the event loop (web/render-pool.ts); 0 renders on it. */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** Memory knobs, defaults for a 1 GB server (decision 0151; docs/operations.md, "Small server"). */
  PUBLIC_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(8),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(0),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  PGLITE_WORK_MEM_MB: z.coerce.number().int().min(1).max(1024).default(4),
  ALLOW_DEMO_IN_PRODUCTION: bool,
  S3_DOCUMENTS_BUCKET: z.string().optional(),
  S3_DOCUMENTS_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_-]*\/)*$/, 'S3_DOCUMENTS_PREFIX must be empty or like "documents/"')
    .default('documents/'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must have at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_FORMAT: z
    .enum(['json', 'pretty'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Web Push (decision 0168): the VAPID key pair, base64url (a P-256 point of 65 bytes, a scalar of 32). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Who push services may contact about our notices: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The push services' hosts a subscription may point at, comma-separated; `*.` covers subdomains and
   * `:port` another port than 443. Anything else is refused, so the server never calls an arbitrary address.
   */
  PUSH_HOSTS: z
    .string()
    .regex(
      /^\s*(\*\.)?[a-z0-9.-]+(:\d{1,5})?(\s*,\s*(\*\.)?[a-z0-9.-]+(:\d{1,5})?)*\s*$/i,
      'PUSH_HOSTS must be a comma-separated list of host names (e.g. fcm.googleapis.com,*.push.apple.com)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** The big browsers' push services (Chrome/Edge/Opera, Firefox, Safari, Windows): the default PUSH_HOSTS. */
export const defaultPushHosts = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number | undefined;
  siteName: string;
  siteUrl: string;
  demoData: boolean;
  testClockFile: string | undefined;
  demoPhotoCache: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminTotpSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the outbox worker looks for mail to send. */
  mailPollMs: number;
  /** Where people write for help: shown on /Soporte and in the contact section. */
  supportEmail: string;
  redisUrl: string | undefined;
  /** GET /api/eventos: streams per account and instance (oldest closed), heartbeat, session re-check, replay ring. */
  live: { streamsPerAccount: number; heartbeatMs: number; sessionCheckMs: number; replayEvents: number };
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        publicUrl?: string;
      }
    | undefined;
  documentKey: string | undefined;
  documentRetentionDays: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: TrustProxy;
  rateLimit: boolean;
  /** Page render threads: 1 by default, 0 under tests (each test app would start its own). */
  renderThreads: number;
  /** What the process may hold in memory (decision 0151). */
  memory: {
    /** Bytes of serialised public answers and pages the public cache keeps. */
    publicCacheMb: number;
    /** libvips threads per image operation (sharp.concurrency). */
    imageConcurrency: number;
    /** libvips's operation cache (sharp.cache); 0 turns it off. */
    imageCacheMb: number;
    pglite: PgliteMemory;
  };
  /** Identity documents in a private bucket (or prefix) instead of DATA_DIR/documents. */
  s3Documents: (S3Target & { prefix: string }) | undefined;
  metrics: { token: string | undefined; port: number | undefined };
  logFormat: 'json' | 'pretty';
  /**
   * Web Push: the VAPID keys (unset outside production: generated into DATA_DIR at start, infra/push),
   * the subject, and the hosts a subscription may name (decision 0168).
   */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    hosts: string[];
  };
}

type S3Target = Omit<NonNullable<Config['s3']>, 'publicUrl'>;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * What production must not start with: demo accounts sharing a published
 * password, canonical links on plain http, and a generated document key that
 * would sit beside the documents it protects (and differ on every instance).
 */
function productionProblems(e: Env): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (e.DEMO_DATA === true && e.ALLOW_DEMO_IN_PRODUCTION !== true)
    problems.push(
      'DEMO_DATA=true with NODE_ENV=production seeds accounts with a shared, published password; set ALLOW_DEMO_IN_PRODUCTION=true only for a private demo',
    );
  if (e.TEST_CLOCK_FILE && e.ALLOW_DEMO_IN_PRODUCTION !== true)
    problems.push(
      'TEST_CLOCK_FILE moves the clock of every rule; it is for browser tests on a private demo only',
    );
  const site = new URL(e.SITE_URL);
  if (site.protocol !== 'https:' && !LOOPBACK.test(site.hostname))
    problems.push(`SITE_URL must use https in production (got ${site.origin})`);
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT)
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required in production (`npx web-push generate-vapid-keys`; the subject a mailto: or https: address), the same on every instance',
    );
  if (!e.DOCUMENT_KEY)
    problems.push(
      'DOCUMENT_KEY is required in production (64 hex characters, e.g. `openssl rand -hex 32`), kept apart from the data it protects',
    );
  return problems;
}

function vapidProblems(e: Env): string[] {
  if (Boolean(e.VAPID_PUBLIC_KEY) === Boolean(e.VAPID_PRIVATE_KEY)) return [];
  return ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither outside production'];
}

function s3DocumentsProblems(e: Env): string[] {
  if (!e.S3_DOCUMENTS_BUCKET) return [];
  // The media bucket is public (S3_PUBLIC_URL) or proxied key by key under /media/*: documents never share it.
  if (e.S3_DOCUMENTS_BUCKET === e.S3_BUCKET)
    return [
      'S3_DOCUMENTS_BUCKET must be a private bucket apart from the public media bucket S3_BUCKET (S3_DOCUMENTS_PREFIX places documents inside it)',
    ];
  return [];
}

/** Parses the environment once at start-up; a bad value stops the process with the list of problems. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = [...productionProblems(e), ...vapidProblems(e), ...s3DocumentsProblems(e)];
  if (problems.length > 0) {
    throw new Error(`Refusing to start:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    siteName: e.SITE_NAME,
    siteUrl: e.SITE_URL.replace(/\/$/, ''),
    demoData: e.DEMO_DATA ?? !production,
    demoPhotoCache: e.DEMO_PHOTO_CACHE ? path.resolve(e.DEMO_PHOTO_CACHE) : undefined,
    testClockFile: e.TEST_CLOCK_FILE ? path.resolve(e.TEST_CLOCK_FILE) : undefined,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotpSecret: e.ADMIN_TOTP_SECRET?.toUpperCase(),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    supportEmail: e.SUPPORT_EMAIL,
    redisUrl: e.REDIS_URL,
    live: {
      streamsPerAccount: e.LIVE_STREAMS_PER_ACCOUNT,
      heartbeatMs: e.LIVE_HEARTBEAT_MS,
      sessionCheckMs: e.LIVE_SESSION_CHECK_MS,
      replayEvents: e.LIVE_REPLAY_EVENTS,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          ...(e.S3_PUBLIC_URL ? { publicUrl: e.S3_PUBLIC_URL } : {}),
        }
      : undefined,
    documentKey: e.DOCUMENT_KEY,
    documentRetentionDays: e.DOCUMENT_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT ?? true,
    renderThreads: e.RENDER_THREADS ?? (e.NODE_ENV === 'test' ? 0 : 1),
    memory: {
      publicCacheMb: e.PUBLIC_CACHE_MB,
      imageConcurrency: e.IMAGE_CONCURRENCY,
      imageCacheMb: e.IMAGE_CACHE_MB,
      pglite: { sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB, workMemMb: e.PGLITE_WORK_MEM_MB },
    },
    s3Documents: e.S3_DOCUMENTS_BUCKET
      ? {
          bucket: e.S3_DOCUMENTS_BUCKET,
          prefix: e.S3_DOCUMENTS_PREFIX,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
        }
      : undefined,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      hosts: e.PUSH_HOSTS
        ? e.PUSH_HOSTS.split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : defaultPushHosts,
    },
  };
}
