import path from 'node:path';
import { z } from 'zod';
import { trustProxySchema, type TrustProxy } from './lib/trust-proxy.ts';

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
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  SITE_NAME: z.string().min(1).max(60).default('Encanto'),
  SITE_URL: z.url().default('http://localhost:3000'),
  DEMO_DATA: bool,
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
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Encanto <no-responder@encanto.local>'),
  SUPPORT_EMAIL: z.email().default('soporte@encanto.local'),
  REDIS_URL: optionalUrl,
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteName: string;
  siteUrl: string;
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people write for help: shown on /Soporte and in the contact section. */
  supportEmail: string;
  redisUrl: string | undefined;
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
}

/** Parses the environment once at start-up; a bad value stops the process with the list of problems. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    siteName: e.SITE_NAME,
    siteUrl: e.SITE_URL.replace(/\/$/, ''),
    demoData: e.DEMO_DATA ?? true,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    redisUrl: e.REDIS_URL,
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
  };
}
