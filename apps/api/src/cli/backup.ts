import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createBackup } from '../infra/backup/backup.ts';
import { restoreBackup } from '../infra/backup/restore.ts';
import { systemClock } from '../lib/clock.ts';
import { restrictNewFiles } from '../lib/data-dir.ts';

/**
 * `npm run backup -- DIR` and `npm run restore -- DIR`, with the server's
 * configuration (DATA_DIR or DATABASE_URL, S3_*, DOCUMENT_KEY). See
 * docs/operations.md for what a backup holds and how to schedule it.
 */
const USAGE = `Usage: npm run backup -- <dir>    (a new, empty folder)
       npm run restore -- <dir>   (into an empty DATA_DIR or database)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h' } },
});
const [command, dir] = positionals;
if (values.help || !dir || positionals.length !== 2 || (command !== 'backup' && command !== 'restore')) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
// A restore writes DATA_DIR, a backup its folder: both only for this user.
restrictNewFiles();
try {
  const config = loadConfig();
  const say = (line: string) => console.log(line);
  if (command === 'backup') await createBackup(config, path.resolve(dir), systemClock, say);
  else await restoreBackup(config, path.resolve(dir), say);
} catch (err) {
  console.error(`${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
