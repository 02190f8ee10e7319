import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { deleteImage } from '../../infra/media/images.ts';
import { Mp4FormatError } from '../../infra/media/mp4-boxes.ts';
import { rewriteMp4 } from '../../infra/media/mp4-rewrite.ts';
import { ingestVideo } from '../../infra/media/video.ts';
import { listVideoFiles, publicIdInUse, replaceVideoFile } from './queries.ts';

export interface StoredVideosReport {
  /** Files rewritten without metadata and their rows moved to the new name. */
  rewritten: number;
  /** Files that already were what the rewriter makes (uploaded after the change). */
  clean: number;
  /** Rows whose file is not in the media store. */
  missing: string[];
  /** Files the rewriter refuses (fragmented, encrypted, markup inside): left as they are, for a person to decide. */
  refused: string[];
}

/**
 * Rewrites the videos stored before uploads were cleaned (decision 0049): each file
 * is read, rewritten by the same path as an upload, stored under the new
 * content-hash name, its rows moved there, and the old file deleted. A new
 * name is needed, not new bytes under the old one: /media/ answers are cached
 * as immutable. Running it again finds every file clean and writes nothing.
 */
export async function rewriteStoredVideos(deps: Pick<Deps, 'db' | 'media'>): Promise<StoredVideosReport> {
  const { db, media: store } = deps;
  const report: StoredVideosReport = { rewritten: 0, clean: 0, missing: [], refused: [] };
  for (const file of await listVideoFiles(db)) {
    const key = file.variants[0]?.key;
    const bytes = key ? await store.get(key) : null;
    if (!bytes) {
      report.missing.push(file.publicId);
      continue;
    }
    let stored;
    try {
      if (rewriteMp4(bytes).equals(bytes)) {
        report.clean += 1;
        continue;
      }
      stored = await ingestVideo(store, bytes, { maxBytes: Number.POSITIVE_INFINITY });
    } catch (err) {
      if (!(err instanceof Mp4FormatError || (err instanceof AppError && err.status === 415))) throw err;
      report.refused.push(file.publicId);
      continue;
    }
    await replaceVideoFile(db, file.publicId, stored);
    if (!(await publicIdInUse(db, file.publicId))) await deleteImage(store, file.variants);
    report.rewritten += 1;
  }
  return report;
}
