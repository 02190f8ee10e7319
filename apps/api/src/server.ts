import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { bootstrap, demoLoginsBlock, takeFirstStart } from './bootstrap.ts';
import { loggerOptions } from './logging.ts';
import { startMetricsServer } from './modules/metrics/server.ts';
import { claimPgliteDir } from './infra/backup/control.ts';
import { secureDataDir } from './lib/data-dir.ts';
import { applyImageMemory } from './infra/media/images.ts';

/** The process: config, database, app, listen, and a graceful shutdown. */
const { config, control } = await startupChecks();
applyImageMemory(config.memory);
const pgliteDir = path.join(config.dataDir, 'pglite');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolMax: config.databasePoolMax,
  dataDir: pgliteDir,
  pglite: config.memory.pglite,
});
control?.serve(database);
const app = await buildApp({ config, database, web: true, logger: await loggerOptions(config) });
// A first start under `npm start` seeded in a process of its own (cli/prepare.ts): its logins are printed here.
const seeded = (await bootstrap(app)) ?? (await takeFirstStart(config.dataDir));
const metricsServer = config.metrics.port ? await startMetricsServer(app, config.metrics.port) : undefined;

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down');
  await metricsServer?.close();
  await app.close();
  await database.close();
  await control?.release();
});

const address = await app.listen({ port: config.port, host: config.host });
const block = demoLoginsBlock(
  address.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//localhost'),
  config.demoData,
  seeded,
);
if (block) app.log.info(block);

/** A refused start prints its reasons, not a stack trace, and exits with 1. */
async function startupChecks() {
  try {
    const config = loadConfig();
    // Before anything is written: DATA_DIR and all the process creates are its user's alone.
    const loose = await secureDataDir(config.dataDir);
    if (loose.length > 0)
      process.stderr.write(
        `warning: ${loose.length} entries under DATA_DIR are not this user's and stay readable by others (${loose[0]})\n`,
      );
    // The embedded database admits one process: the claim refuses a second server (or a backup) on the same folder.
    const control = config.databaseUrl ? undefined : await claimPgliteDir(config.dataDir);
    return { config, control };
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}
