import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';

/** The process: config, database, app, listen, and a graceful shutdown. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
const app = await buildApp({
  config,
  database,
  web: true,
  logger: {
    level: config.logLevel,
    redact: [
      'req.headers.authorization',
      'req.body.pass',
      'req.body.passActual',
      'req.body.newPass',
      'req.body.nuevaPass',
    ],
  },
});
await bootstrap(app);

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
