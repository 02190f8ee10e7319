import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { claimPgliteDir } from '../infra/backup/control.ts';
import { createServices } from '../services.ts';
import { rewriteStoredVideos } from '../modules/gallery/stored-videos.ts';

/**
 * `npm run admin -- strip-videos`: rewrites the gallery videos stored before
 * uploads were cleaned of metadata (run once after upgrading; again is harmless).
 * Returns the exit code: 1 when some file was missing or could not be rewritten.
 */
export async function stripVideos(): Promise<number> {
  const config = loadConfig();
  // The embedded database admits one process: refuse while a server holds DATA_DIR.
  const claim = config.databaseUrl ? undefined : await claimPgliteDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const services = await createServices(config, pino({ level: 'warn' }));
  try {
    const report = await rewriteStoredVideos({ db: database.db, media: services.media });
    process.stdout.write(
      `Videos rewritten without metadata: ${report.rewritten}; already clean: ${report.clean}.\n`,
    );
    if (report.missing.length)
      process.stdout.write(`Missing files (publicId): ${report.missing.join(', ')}\n`);
    if (report.refused.length)
      process.stdout.write(
        `Could not be rewritten, left as they are (publicId): ${report.refused.join(', ')}\n` +
          'Delete them from the gallery (DELETE /api/upload/eliminar-video/...) or ask the owner to upload them again.\n',
      );
    return report.missing.length || report.refused.length ? 1 : 0;
  } finally {
    await services.close();
    await database.close();
    await claim?.release();
  }
}
