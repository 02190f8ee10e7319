import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What the server keeps under DATA_DIR (the embedded database, media, documents, mail, keys) is for
 * its own user alone: folders 0700, files 0600. Nothing else on the host reads them; nginx proxies
 * /media/ to the server rather than reading the folder.
 */
const GROUP_AND_OTHER = 0o077;

/**
 * Every file and folder this process creates from now on is its user's alone (a process-wide
 * umask). Called first thing by each entry point that writes under DATA_DIR: the server and the
 * admin and backup commands. Main thread only (Node refuses a umask change in a worker).
 */
export function restrictNewFiles(): void {
  process.umask(GROUP_AND_OTHER);
}

/**
 * At start: the umask, then DATA_DIR and what an older version left under it (PGlite's files were
 * 0666, folders 0755) restricted to the owner. A DATA_DIR not created yet is left to be created
 * under the umask. Returns the entries that could not be changed (not the process's own, e.g. on a
 * shared volume) so the caller can warn; the server starts anyway, as before.
 */
export async function secureDataDir(dataDir: string): Promise<string[]> {
  restrictNewFiles();
  return restrictTree(dataDir);
}

/** How many chmods run at once: a media folder may hold many thousands of files. */
const BATCH = 64;

/**
 * Removes group and other permissions from `root` and everything under it. Symbolic links are
 * neither changed nor followed (a link to a shared media volume stays as it is). Returns the paths
 * it could not change; a missing `root` is nothing to do.
 */
export async function restrictTree(root: string): Promise<string[]> {
  const failed: string[] = [];
  if (!(await restrict(root, failed))) return failed;
  let entries;
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return [root];
  }
  const paths = entries.filter((e) => !e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name));
  for (let i = 0; i < paths.length; i += BATCH) {
    await Promise.all(paths.slice(i, i + BATCH).map((p) => restrict(p, failed)));
  }
  return failed;
}

/** Owner-only mode for one path; false when it does not exist (or is a symbolic link). */
async function restrict(file: string, failed: string[]): Promise<boolean> {
  let stat;
  try {
    stat = await fs.lstat(file);
  } catch {
    return false;
  }
  if (stat.isSymbolicLink()) return false;
  if ((stat.mode & GROUP_AND_OTHER) !== 0) {
    try {
      await fs.chmod(file, stat.mode & 0o7700);
    } catch (err) {
      // Removed meanwhile (PGlite rewrites some files as it runs): nothing to protect.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') failed.push(file);
    }
  }
  return true;
}
