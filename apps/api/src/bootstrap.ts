import type { FastifyInstance } from 'fastify';
import { ensureAdmin } from './modules/accounts/admin-bootstrap.ts';
import { seedDemoData } from './demo/seed.ts';
import { depsOf } from './deps.ts';

/** Start-up work after migrations: the configured admin, and demo data on an empty database. */
export async function bootstrap(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(app.db, { email: config.adminEmail, password: config.adminPassword });
    app.log.info({ email: config.adminEmail }, 'admin account ready');
  }
  if (config.demoData) {
    const seeded = await seedDemoData(depsOf(app));
    if (seeded?.admin) {
      app.log.info(
        `Demo admin: ${seeded.admin.email} / ${seeded.admin.password} (log in at /login-admin, tipo de perfil: admin)`,
      );
    }
  }
}
