import { useEffect, useRef, useState, type ChangeEvent, type BaseSyntheticEvent } from 'react';
import { limits, timings } from '@encanto/core/constants';
import {
  checkGalleryFile,
  galleryAccept,
  galleryUploadFormSchema,
  type GalleryItem,
  type GalleryList,
} from '@encanto/core/gallery';
import { msg } from '@encanto/core/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useInvalidateApi, useSetApiData } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  isVideoItem,
  ownGalleryPath,
  saveGalleryOrder,
  uploadGalleryFile,
  useDeleteGalleryItem,
  useOwnGallery,
} from '../../../lib/api/gallery.ts';
import { GalleryGrid } from '../../../components/gallery-grid.tsx';
import { moveItem } from '../gallery-order.ts';
import { useGalleryDrag } from '../use-gallery-drag.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { shrinkImage } from '../../../lib/shrink-image.ts';

type Notice = { kind: 'success' | 'error'; lines: string[] } | null;

/** One chosen file on its way: its own progress bar and its own error. */
interface Queued {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'error';
  progress: number;
  message?: string;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * The escort's gallery on "Fotos": several files in one pick, uploaded one
 * after the other, each with its own progress and error; the order is hers
 * (dragging a tile's handle, or the move buttons, keyboard friendly) and the
 * first item is the cover.
 */
export function GalleryManager() {
  const { nickname } = useSession();
  const invalidate = useInvalidateApi();
  const setApiData = useSetApiData();
  // The form's value is the files that passed checkGalleryFile when picked (the queue shows them all).
  const form = useSchemaForm(galleryUploadFormSchema, { defaultValues: { archivos: [] } });
  const gallery = useOwnGallery(nickname);
  const remove = useDeleteGalleryItem(nickname ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [uploading, setUploading] = useState(false);
  // The spec keeps the uploader busy for 2 s after an upload.
  const [holding, setHolding] = useState(false);
  const busy = uploading || holding;
  const [notice, setNotice] = useState<Notice>(null);
  const [ordering, setOrdering] = useState(false);
  // After a move, focus returns to a control of the moved item (React moves its tile, which drops focus).
  const refocus = useRef<string | null>(null);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (busyTimer.current) clearTimeout(busyTimer.current);
    },
    [],
  );
  useEffect(() => {
    if (!refocus.current) return;
    const target = document.querySelector<HTMLButtonElement>(
      `[data-focus-key="${refocus.current}"]:not([disabled])`,
    );
    if (!target) return;
    target.focus();
    refocus.current = null;
  });

  const listPath = ownGalleryPath(nickname ?? '');
  const items = gallery.data?.imagenes ?? [];
  const atLimit = items.length >= limits.galleryMaxItems;
  const ready = queue.filter((q) => q.state === 'waiting');

  const update = (key: string, change: Partial<Queued>) =>
    setQueue((list) => list.map((q) => (q.key === key ? { ...q, ...change } : q)));

  const onChoose = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    setNotice(null);
    // A phone photo over 2 MB is resized first (decision 0149): the size rule applies to what is sent.
    const chosen = await Promise.all(Array.from(input.files ?? []).map((file) => shrinkImage(file)));
    // Each file is checked against the room left after the ones before it.
    let room = items.length;
    const next = chosen.map((file, i): Queued => {
      const check = checkGalleryFile(file, room);
      if (check.ok) room += 1;
      return {
        key: `${Date.now()}-${i}-${file.name}`,
        file,
        state: check.ok ? 'waiting' : 'error',
        progress: 0,
        ...(check.ok ? {} : { message: check.mensaje }),
      };
    });
    setQueue(next);
    form.setValue(
      'archivos',
      next.filter((q) => q.state === 'waiting').map((q) => q.file),
    );
    if (next.every((q) => q.state === 'error')) input.value = '';
  };

  const onValid = async () => {
    if (busy) return;
    if (!nickname || ready.length === 0) {
      setNotice({ kind: 'error', lines: [msg.fileAndNicknameRequired] });
      return;
    }
    setNotice(null);
    setUploading(true);
    let ok = 0;
    let last = '';
    // One after the other: a phone's uplink is shared, and the order she picked is kept.
    for (const q of ready) {
      update(q.key, { state: 'uploading', progress: 0 });
      try {
        const result = await uploadGalleryFile(nickname, q.file, (p) => update(q.key, { progress: p }));
        update(q.key, { state: 'done', progress: 100 });
        ok += 1;
        last = result.mensaje;
      } catch (err) {
        update(q.key, { state: 'error', message: errorText(err, msg.imageUploadError) });
      }
    }
    await invalidate(listPath);
    if (ok > 0) setNotice({ kind: 'success', lines: [ok === 1 ? last : `${ok} archivos subidos.`] });
    if (inputRef.current) inputRef.current.value = '';
    form.reset();
    setUploading(false);
    setHolding(true);
    busyTimer.current = setTimeout(() => {
      setHolding(false);
      // Finished files leave the list; failed ones stay with their reason.
      setQueue((list) => list.filter((q) => q.state === 'error'));
    }, timings.galleryBusyMs);
  };
  const onSubmit = (e?: BaseSyntheticEvent) =>
    form.handleSubmit(onValid, (errors) => {
      if (!busy) setNotice({ kind: 'error', lines: [firstErrorOf(errors) ?? msg.fileAndNicknameRequired] });
    })(e);

  const onDelete = (item: GalleryItem) => {
    setNotice(null);
    remove.mutate(item, {
      onSuccess: (res) =>
        setNotice({ kind: 'success', lines: [isVideoItem(item) ? res.mensaje : msg.imageDeleted] }),
      onError: () =>
        setNotice({
          kind: 'error',
          lines: isVideoItem(item) ? [msg.videoDeleteError, msg.videoDeleteRefresh] : [msg.imageDeleteError],
        }),
    });
  };

  const reorder = async (from: number, to: number, focusKey: string | null, done: string) => {
    if (!nickname || ordering || to < 0 || to >= items.length || from === to) return;
    const next = moveItem(items, from, to);
    setOrdering(true);
    setNotice(null);
    // Shown at once; the server's answer (the stored order) replaces it.
    setApiData<GalleryList>(listPath, { imagenes: next });
    refocus.current = focusKey;
    try {
      const saved = await saveGalleryOrder(
        nickname,
        next.map((i) => i.publicId),
      );
      setApiData<GalleryList>(listPath, saved);
      setNotice({ kind: 'success', lines: [done] });
    } catch (err) {
      setNotice({ kind: 'error', lines: [errorText(err, msg.galleryOrderMismatch)] });
      await invalidate(listPath);
    } finally {
      setOrdering(false);
    }
  };

  // A pointer drag saves like the buttons; focus stays where the pointer left it.
  const drag = useGalleryDrag(
    items.length,
    (from, to) => void reorder(from, to, null, msg.galleryOrderSaved),
    ordering,
  );

  const label = (item: GalleryItem, i: number) => `${isVideoItem(item) ? 'video' : 'foto'} ${i + 1}`;
  // The card's photo is the first photo in her order; a video in front is no photo (decision 0155).
  // A held picture is never the cover (decision 0177).
  const cover = items.findIndex((item) => !isVideoItem(item) && !item.revision);
  const held = items.some((item) => item.revision === 'en_revision');
  const removed = items.some((item) => item.revision === 'retirada');

  return (
    <section className="gallery-page" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="dashboard-section-title">
        Subir fotos y videos
      </h2>
      <p className="gallery-lead">
        Fotos de tu teléfono tal como salen: las achicamos antes de subirlas (hasta{' '}
        {mb(limits.galleryMaxBytes)}&nbsp;MB cada una). Videos MP4 de hasta {mb(limits.galleryVideoMaxBytes)}
        &nbsp;MB, hasta {limits.galleryMaxItems} en total. Puedes elegir varios a la vez. La primera foto es
        la portada: la foto de tu tarjeta en los listados.
      </p>

      <form className="form-card gallery-uploader" onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <div className="gallery-uploader-row">
          <input
            ref={inputRef}
            id="gallery-file"
            className="gallery-file visually-hidden"
            type="file"
            multiple
            accept={galleryAccept}
            onChange={(e) => void onChoose(e)}
            disabled={busy || atLimit}
            aria-describedby="gallery-count"
          />
          <label htmlFor="gallery-file" className="button button-secondary gallery-pick">
            <Icon name="image" size={20} />
            Elegir fotos o videos
          </label>
          <button type="submit" className="button" disabled={busy || atLimit || ready.length === 0}>
            {busy ? msg.galleryUploading : 'Subir'}
          </button>
        </div>
        {queue.length === 0 ? (
          <p className="gallery-file-name" aria-live="polite">
            Ningún archivo seleccionado
          </p>
        ) : (
          <ul className="gallery-queue" aria-live="polite">
            {queue.map((q) => (
              <li key={q.key} className={`gallery-queue-item gallery-queue-${q.state}`}>
                <span className="gallery-file-name">{q.file.name}</span>
                {q.state === 'uploading' || q.state === 'done' ? (
                  <ProgressBar value={q.progress} label={`Progreso de ${q.file.name}`} />
                ) : null}
                {q.state === 'error' ? (
                  <p className="message message-error" role="alert">
                    {q.message}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p id="gallery-count" className="gallery-count">
          {items.length} / {limits.galleryMaxItems}
        </p>
        {atLimit ? (
          <p className="message message-error" role="status">
            {msg.galleryLimit}
          </p>
        ) : null}
        {notice ? (
          <div
            className={`message message-${notice.kind}`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
          >
            {notice.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
      </form>

      <section aria-labelledby="gallery-mine" className="gallery-mine">
        <h3 id="gallery-mine" className="visually-hidden">
          Tus fotos y videos
        </h3>
        {gallery.isPending ? (
          <div className="gallery-grid" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="skeleton gallery-skeleton" />
            ))}
          </div>
        ) : gallery.isError ? (
          <p className="message message-error" role="alert">
            {msg.imagesFetchError}
          </p>
        ) : items.length === 0 ? (
          <p className="empty">{msg.noPhotos}</p>
        ) : (
          <>
            {held ? (
              <p className="message gallery-hold-note" role="note">
                <strong>En revisión:</strong> {msg.photoHeldWhy}
              </p>
            ) : null}
            {removed ? (
              <p className="message message-error gallery-hold-note" role="note">
                <strong>Retirada:</strong> {msg.photoHoldRemovedWhy}
              </p>
            ) : null}
            <GalleryGrid
              items={items}
              name={nickname ?? ''}
              tileProps={drag.tileProps}
              renderAction={(item, i) => (
                <>
                  {items.length > 1 ? (
                    // The pointer's way to reorder; keyboards and screen readers use the buttons below.
                    <span
                      className="gallery-drag"
                      aria-hidden="true"
                      title="Arrastra para cambiar el orden"
                      {...drag.handleProps(i)}
                    >
                      <Icon name="grip" size={20} />
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className="gallery-delete"
                    onClick={() => onDelete(item)}
                    disabled={remove.isPending}
                    aria-label={isVideoItem(item) ? `Eliminar video ${i + 1}` : `Eliminar foto ${i + 1}`}
                  >
                    <Icon name="close" size={20} />
                  </button>
                  {item.revision ? (
                    <span className={`gallery-cover gallery-hold gallery-hold-${item.revision}`}>
                      {item.revision === 'en_revision' ? 'En revisión' : 'Retirada'}
                    </span>
                  ) : i === cover ? (
                    <span className="gallery-cover">Portada</span>
                  ) : null}
                  <div className="gallery-order" role="group" aria-label={`Orden de ${label(item, i)}`}>
                    <button
                      type="button"
                      data-focus-key={`${item.id}-antes`}
                      onClick={() => void reorder(i, i - 1, `${item.id}-antes`, msg.galleryOrderSaved)}
                      disabled={ordering || i === 0}
                      aria-label={`Mover ${label(item, i)} antes`}
                    >
                      <Icon name="chevronLeft" size={20} />
                    </button>
                    <button
                      type="button"
                      data-focus-key={`${item.id}-portada`}
                      onClick={() =>
                        void reorder(
                          i,
                          0,
                          `${item.id}-despues`,
                          isVideoItem(item) ? msg.galleryOrderSaved : msg.galleryCoverSaved,
                        )
                      }
                      disabled={ordering || i === 0}
                      aria-label={
                        isVideoItem(item)
                          ? `Mover ${label(item, i)} al principio`
                          : `Usar ${label(item, i)} como portada`
                      }
                    >
                      <Icon name="star" size={18} />
                    </button>
                    <button
                      type="button"
                      data-focus-key={`${item.id}-despues`}
                      onClick={() => void reorder(i, i + 1, `${item.id}-despues`, msg.galleryOrderSaved)}
                      disabled={ordering || i === items.length - 1}
                      aria-label={`Mover ${label(item, i)} después`}
                    >
                      <Icon name="chevronRight" size={20} />
                    </button>
                  </div>
                </>
              )}
            />
          </>
        )}
      </section>
    </section>
  );
}
