import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { buildApp } from '../app.ts';
import { bootstrap, keepFirstStart } from '../bootstrap.ts';
import { loggerOptions } from '../logging.ts';
import { claimPgliteDir } from '../infra/backup/control.ts';
import { secureDataDir } from '../lib/data-dir.ts';
import { applyImageMemory } from '../infra/media/images.ts';

/**
 * A first start's one-off work, in a process of its own that `npm start` runs and waits for
 * (scripts/start.ts, decision 0151): PGlite's initdb, the migrations, the demo data and its photos. That work
 * left 150-200 MB of freed memory resident in the process that did it (WebAssembly compiling, initdb's
 * copies of PGlite's memory, libvips and argon2 in malloc's arenas); here it leaves with the process. The
 * server then opens a ready database, and prints the demo logins this run created (bootstrap.ts).
 */
try {
  const config = loadConfig();
  await secureDataDir(config.dataDir);
  applyImageMemory(config.memory);
  const control = config.databaseUrl ? undefined : await claimPgliteDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    pglite: config.memory.pglite,
  });
  const app = await buildApp({ config, database, logger: await loggerOptions(config) });
  try {
    const seeded = await bootstrap(app);
    if (seeded) await keepFirstStart(config.dataDir, seeded);
  } finally {
    await app.close();
    await database.close();
    await control?.release();
  }
} catch (err) {
  // The server's own start reports a bad configuration the same way, once more, with its reasons.
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
