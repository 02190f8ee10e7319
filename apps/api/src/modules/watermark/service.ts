import { msg } from '@encanto/core/messages';
import type { Watermark } from '@encanto/core/watermark';
import type { DbOrTx } from '../../db/client.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { deleteImage } from '../../infra/media/images.ts';
import type { MediaStore } from '../../infra/media/store.ts';
import { markHash, markOf, markText, markVariants, markedKey } from '../../infra/media/watermark.ts';
import * as q from './queries.ts';

type MarkDeps = Pick<Deps, 'db' | 'media' | 'config' | 'clock' | 'log'>;

/** What a media row serves and keeps: the marked set with its originals, or the originals alone. */
export interface ServedFiles {
  url: string;
  variants: MediaVariant[];
  originalUrl: string | null;
  originalVariants: MediaVariant[] | null;
}

const mainOf = (url: string, variants: MediaVariant[]) =>
  variants.find((v) => url.endsWith(`/${v.key}`)) ?? variants[0];

export async function watermarkOf(db: DbOrTx, accountId: string): Promise<Watermark> {
  const state = await q.markState(db, accountId);
  if (!state) throw notFound();
  return { activa: state.on };
}

/**
 * Her switch (decision 0178): on marks every public picture of hers, off serves the originals again
 * and deletes the marked files. Both are done before the answer, so the card she opens next shows it.
 */
export async function setWatermark(
  deps: MarkDeps,
  accountId: string,
  activa: boolean,
): Promise<Watermark & { mensaje: string }> {
  await q.setMarking(deps.db, accountId, activa, deps.clock.now());
  await syncMarks(deps, accountId);
  return { activa, mensaje: activa ? msg.watermarkOn : msg.watermarkOff };
}

/** The mark her pictures should carry now, or undefined when she marks nothing. */
async function wantedMark(deps: Pick<Deps, 'db' | 'config'>, accountId: string) {
  const state = await q.markState(deps.db, accountId);
  if (!state?.on) return undefined;
  const text = markText(deps.config.siteName, state.nickname);
  return { text, hash: markHash(text) };
}

/**
 * Marked copies for a picture being uploaded while her mark is on, so it is marked before anyone sees
 * it (the upload's row stores what this answers). Off, or if marking fails, the originals: the
 * `syncMarks` after the upload's commit marks what is left and settles a toggle made meanwhile.
 */
export async function markUpload(
  deps: MarkDeps,
  accountId: string,
  stored: { url: string; variants: MediaVariant[] },
): Promise<ServedFiles> {
  const plain = { url: stored.url, variants: stored.variants, originalUrl: null, originalVariants: null };
  const mark = await wantedMark(deps, accountId);
  if (!mark) return plain;
  try {
    return await marked(deps, stored, mark);
  } catch (err) {
    deps.log.error({ err, accountId }, 'upload not watermarked');
    return plain;
  }
}

async function marked(
  deps: Pick<Deps, 'media'>,
  original: { url: string; variants: MediaVariant[] },
  mark: { text: string; hash: string },
): Promise<ServedFiles> {
  const variants = await markVariants(deps.media, original.variants, mark.text);
  const main = mainOf(original.url, original.variants);
  const key = main ? markedKey(main.key, mark.hash) : variants[0]!.key;
  return {
    url: deps.media.url(key),
    variants,
    originalUrl: original.url,
    originalVariants: original.variants,
  };
}

/**
 * Brings every picture of hers to the mark she wants: marked with the current text while on (a new
 * nickname or SITE_NAME gives new files), the originals while off. Each row is swapped only if it
 * still serves what was read, so an upload, a delete or a second toggle in between is never undone;
 * a second round picks up what changed meanwhile. Files no row serves any more are deleted.
 */
export async function syncMarks(deps: MarkDeps, accountId: string): Promise<void> {
  const failed = new Set<string>();
  for (let round = 0; round < 3; round++) {
    const mark = await wantedMark(deps, accountId);
    const rows = (await q.markableImages(deps.db, accountId)).filter(
      (r) => markOf(r.url) !== mark?.hash && !failed.has(r.id),
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      try {
        await syncRow(deps, accountId, row, mark);
      } catch (err) {
        // A missing or unreadable file: logged, left as it is, tried again at her next upload or toggle.
        failed.add(row.id);
        deps.log.error({ err, accountId, mediaId: row.id }, 'watermark not applied');
      }
    }
  }
}

async function syncRow(
  deps: MarkDeps,
  accountId: string,
  row: q.MarkableRow,
  mark: { text: string; hash: string } | undefined,
): Promise<void> {
  const original = { url: row.originalUrl ?? row.url, variants: row.originalVariants ?? row.variants };
  const next: ServedFiles = mark
    ? await marked(deps, original, mark)
    : { ...original, originalUrl: null, originalVariants: null };
  const swapped = await deps.db.transaction(async (tx) => {
    if (!(await q.swapServed(tx, row.id, row.url, next))) return false;
    await q.followAccountUrl(tx, accountId, row.url, next.url, deps.clock.now());
    return true;
  });
  // The marked set nobody serves any more: the old one after a swap, the new one when the row moved on.
  const unused = swapped
    ? row.originalUrl
      ? { url: row.url, variants: row.variants }
      : null
    : next.originalUrl
      ? { url: next.url, variants: next.variants }
      : null;
  if (unused) await deleteMarkedIfUnused(deps.db, deps.media, unused);
}

/** Deletes a marked set once no row serves it (the same picture may be her profile photo and in her gallery). */
export async function deleteMarkedIfUnused(
  db: DbOrTx,
  store: MediaStore,
  files: { url: string; variants: MediaVariant[] },
): Promise<void> {
  if (!markOf(files.url) || (await q.urlServed(db, files.url))) return;
  await deleteImage(store, files.variants);
}
