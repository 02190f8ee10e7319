import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { limits, timings } from '@encanto/core/constants';
import { checkGalleryFile, galleryAccept, type GalleryItem } from '@encanto/core/gallery';
import { msg } from '@encanto/core/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { apiKey } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import {
  isVideoItem,
  ownGalleryPath,
  uploadGalleryFile,
  useDeleteGalleryItem,
  useOwnGallery,
} from '../../../lib/api/gallery.ts';
import { GalleryGrid } from '../../../components/gallery-grid.tsx';

type Notice = { kind: 'success' | 'error'; lines: string[] } | null;

/** The escort's gallery on "Fotos": upload, list and delete her photos and videos. */
export function GalleryManager() {
  const { nickname } = useSession();
  const queryClient = useQueryClient();
  const gallery = useOwnGallery(nickname);
  const remove = useDeleteGalleryItem(nickname ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useAction(() =>
    queryClient.invalidateQueries({ queryKey: apiKey(ownGalleryPath(nickname ?? '')) }),
  );
  // The spec keeps the uploader busy for 2 s after each upload.
  const [holding, setHolding] = useState(false);
  const busy = upload.busy || holding;
  const [notice, setNotice] = useState<Notice>(null);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (busyTimer.current) clearTimeout(busyTimer.current);
    },
    [],
  );

  const items = gallery.data?.imagenes ?? [];
  const atLimit = items.length >= limits.galleryMaxItems;

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setNotice(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    const check = checkGalleryFile(chosen, items.length);
    if (!check.ok) {
      setFile(null);
      e.target.value = '';
      setNotice({ kind: 'error', lines: [check.mensaje] });
      return;
    }
    setFile(chosen);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!file || !nickname) {
      setNotice({ kind: 'error', lines: [msg.fileAndNicknameRequired] });
      return;
    }
    const check = checkGalleryFile(file, items.length);
    if (!check.ok) {
      setNotice({ kind: 'error', lines: [check.mensaje] });
      return;
    }
    setNotice(null);
    setProgress(0);
    await upload.run(() => uploadGalleryFile(nickname, file, setProgress), {
      onSuccess: (result) => {
        setNotice({ kind: 'success', lines: [result.mensaje] });
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (err) => setNotice({ kind: 'error', lines: [errorText(err, msg.imageUploadError)] }),
      onSettled: () => setHolding(true),
    });
    busyTimer.current = setTimeout(() => {
      setHolding(false);
      setProgress(null);
    }, timings.galleryBusyMs);
  };

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

  return (
    <section className="gallery-page" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="dashboard-section-title">
        Subir fotos y videos
      </h2>
      <p className="gallery-lead">
        Fotos y videos MP4 de hasta 2&nbsp;MB, hasta {limits.galleryMaxItems} en total. Se publican en tu
        tarjeta.
      </p>

      <form className="form-card gallery-uploader" onSubmit={onSubmit} aria-busy={busy}>
        <div className="gallery-uploader-row">
          <input
            ref={inputRef}
            id="gallery-file"
            className="gallery-file visually-hidden"
            type="file"
            accept={galleryAccept}
            onChange={onChoose}
            disabled={busy || atLimit}
            aria-describedby="gallery-count"
          />
          <label
            htmlFor="gallery-file"
            className="button button-secondary gallery-pick"
            aria-disabled={busy || atLimit}
          >
            <Icon name="image" size={20} />
            Elegir foto o video
          </label>
          <button type="submit" className="button" disabled={busy || atLimit || !file}>
            {busy ? msg.galleryUploading : 'Subir'}
          </button>
        </div>
        <p className="gallery-file-name" aria-live="polite">
          {file ? file.name : 'Ningún archivo seleccionado'}
        </p>
        <p id="gallery-count" className="gallery-count">
          {items.length} / {limits.galleryMaxItems}
        </p>
        {progress !== null ? (
          <div
            className="progress"
            role="progressbar"
            aria-label="Progreso de la subida"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="progress-bar" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
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
        <h2 id="gallery-mine" className="visually-hidden">
          Tus fotos y videos
        </h2>
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
          <GalleryGrid
            items={items}
            name={nickname ?? ''}
            renderAction={(item, i) => (
              <button
                type="button"
                className="gallery-delete"
                onClick={() => onDelete(item)}
                disabled={remove.isPending}
                aria-label={isVideoItem(item) ? `Eliminar video ${i + 1}` : `Eliminar foto ${i + 1}`}
              >
                <Icon name="close" size={20} />
              </button>
            )}
          />
        )}
      </section>
    </section>
  );
}
