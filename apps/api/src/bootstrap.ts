import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureAdmin } from './modules/accounts/admin-bootstrap.ts';
import { DEMO_PASSWORD, seedDemoData, type SeedResult } from './demo/seed.ts';
import { depsOf } from './deps.ts';
import { sealPlainSecrets } from './modules/two-factor/service.ts';

/**
 * Start-up work after migrations: the configured admin, and demo data on an
 * empty database. Returns what was seeded, for the logins block printed once
 * the server listens.
 */
export async function bootstrap(app: FastifyInstance): Promise<SeedResult | undefined> {
  const { config } = app;
  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(depsOf(app), {
      email: config.adminEmail,
      password: config.adminPassword,
      totpSecret: config.adminTotpSecret,
    });
    app.log.info({ email: config.adminEmail }, 'admin account ready');
  }
  const sealed = await sealPlainSecrets(depsOf(app));
  if (sealed > 0) app.log.info({ sealed }, 'TOTP secrets sealed at rest');
  return config.demoData ? seedDemoData(depsOf(app)) : undefined;
}

/**
 * The demo logins as a short block a newcomer can read at a glance (the
 * admin's random password exists only at the first start). Undefined when
 * demo data is off.
 */
export function demoLoginsBlock(
  url: string,
  demoData: boolean,
  seeded: SeedResult | undefined,
): string | undefined {
  if (!demoData) return undefined;
  const lines = [`Encanto is running at ${url} with demo data.`];
  if (seeded?.admin) {
    lines.push(
      `  admin   ${seeded.admin.email} / ${seeded.admin.password}   (${url}/login-admin, tipo de perfil: admin; shown only now)`,
    );
  }
  if (seeded?.samples.escort) lines.push(`  escort  ${seeded.samples.escort} / ${DEMO_PASSWORD}`);
  if (seeded?.samples.client) lines.push(`  client  ${seeded.samples.client} / ${DEMO_PASSWORD}`);
  if (!seeded) {
    lines.push(
      `  every demo escort and client logs in with the password ${DEMO_PASSWORD}; \`npm run admin -- create\` sets an admin password`,
    );
  }
  return lines.join('\n');
}

/** What a first start's separate process seeded (cli/prepare.ts), for the server to print once. */
const FIRST_START_FILE = 'first-start.json';

/** Kept owner-only: it holds the demo admin's password until the server prints it. */
export async function keepFirstStart(dataDir: string, seeded: SeedResult): Promise<void> {
  await fs.writeFile(path.join(dataDir, FIRST_START_FILE), JSON.stringify(seeded), { mode: 0o600 });
}

/** The seed result a first start's process left, read once and removed; undefined when there is none. */
export async function takeFirstStart(dataDir: string): Promise<SeedResult | undefined> {
  const file = path.join(dataDir, FIRST_START_FILE);
  try {
    const seeded = JSON.parse(await fs.readFile(file, 'utf8')) as SeedResult;
    await fs.rm(file, { force: true });
    return seeded;
  } catch {
    return undefined;
  }
}
