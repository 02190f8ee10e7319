import { useId, useRef, useState, type ChangeEvent } from 'react';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { profileMessageMs } from '@encanto/core/profiles';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import {
  deleteProfilePhoto,
  replaceProfilePhoto,
  updateEscortUrl,
  useProfileImage,
  useRefreshProfile,
} from '../api/profile.ts';
import { newPhotoProblem, photoFileProblem, photoHint, planImageDelete } from '../profile-rules.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { FilePicker } from '../../../components/file-picker.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

type Mode = 'url' | 'archivo';

/**
 * 'Cambiar foto Perfil' for escorts: choose 'Ingresar URL' or 'Buscar una
 * imagen'. A chosen file replaces the current photo in one server step, so the
 * card is never without a photo; deleting asks for confirmation first. A link
 * still needs the current photo deleted first (the spec's rule for links).
 */
export function ProfilePhotoForm() {
  const id = useId();
  const { nickname } = useSession();
  const image = useProfileImage('escort', nickname);
  const refresh = useRefreshProfile();
  const [mode, setMode] = useState<Mode>('archivo');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fetching, setFetching] = useState(false);
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(profileMessageMs);
  const fileInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);

  const current = image.data;
  const hasImage = current !== undefined && current.origen !== 'predeterminada';

  const act = async (work: () => Promise<string>, fallback: string) => {
    await run(work, {
      onSuccess: (text) => show('success', text),
      onError: (err) => show('error', errorText(err, fallback)),
    });
    setProgress(null);
  };

  const onDelete = () => {
    setConfirming(false);
    const plan = planImageDelete(current, nickname);
    if ('error' in plan) return show('error', plan.error);
    void act(
      async () => (await deleteProfilePhoto('escort', nickname!, plan.publicId)).mensaje,
      msg.imageDeleteError,
    );
  };

  const onUrl = () => {
    if (!nickname) return show('error', msg.nicknameMissing);
    if (!url.trim()) return show('error', msg.imageUrlRequired);
    const problem = newPhotoProblem(current);
    if (problem) return show('error', problem);
    // The server downloads the picture now, which can take a few seconds: say so on the button.
    setFetching(true);
    void act(async () => {
      const res = await updateEscortUrl(nickname, url.trim());
      setUrl('');
      return res.mensaje;
    }, msg.imageUploadError).then(() => setFetching(false));
  };

  const onUpload = () => {
    if (!file || !nickname) return show('error', msg.noFileOrNickname);
    const problem = photoFileProblem(file);
    if (problem) return show('error', problem);
    setProgress(0);
    void act(async () => {
      // Upload and swap in one call: the current photo stays until the new one is stored.
      const res = await replaceProfilePhoto(nickname, file, setProgress);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return res.mensaje;
    }, msg.imageUploadError);
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    const problem = chosen ? photoFileProblem(chosen) : null;
    if (problem) show('error', problem);
  };

  return (
    <section
      id="cambiar-foto"
      tabIndex={-1}
      className="form-card profile-section"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>CAMBIAR FOTO PERFIL</h2>
      <div className="photo-form">
        <div className="photo-current">
          {image.isError ? (
            <p className="message message-error" role="alert">
              {msg.imageFetchError}
            </p>
          ) : (
            <ProfileAvatar url={current?.imageUrl} name={nickname ?? ''} size={140} />
          )}
          {confirming ? (
            <div className="photo-confirm" role="group" aria-labelledby={`${id}-confirm`}>
              <p id={`${id}-confirm`}>
                ¿Eliminar tu foto? Tu tarjeta mostrará el avatar hasta que subas otra.
              </p>
              <div className="photo-confirm-actions">
                <button type="button" className="button button-danger" onClick={onDelete} disabled={busy}>
                  Sí, eliminar
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setConfirming(false)}
                >
                  Cancelar
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="button button-danger"
              onClick={() => setConfirming(true)}
              disabled={busy || !hasImage}
            >
              <Icon name="trash" size={18} />
              Eliminar imagen
            </button>
          )}
        </div>
        <div className="photo-controls">
          <fieldset className="photo-mode">
            <legend className="visually-hidden">Cómo cargar la foto</legend>
            <label className={`chip${mode === 'url' ? ' active' : ''}`}>
              <input
                type="radio"
                name={`${id}-mode`}
                value="url"
                checked={mode === 'url'}
                onChange={() => setMode('url')}
              />
              Ingresar URL
            </label>
            <label className={`chip${mode === 'archivo' ? ' active' : ''}`}>
              <input
                type="radio"
                name={`${id}-mode`}
                value="archivo"
                checked={mode === 'archivo'}
                onChange={() => setMode('archivo')}
              />
              Buscar una imagen
            </label>
          </fieldset>
          {hasImage && mode === 'url' ? <p className="field-hint">{msg.deleteImageFirst}</p> : null}
          {mode === 'url' ? (
            <div className="field">
              <label htmlFor={`${id}-url`}>URL de la imagen</label>
              <input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.target.value.trim())}
                aria-describedby={`${id}-url-hint`}
              />
              <p id={`${id}-url-hint`} className="field-hint">
                {msg.imageUrlHint(limits.profilePhotoMaxBytes / (1024 * 1024))}
              </p>
              <button type="button" className="button" onClick={onUrl} disabled={busy}>
                {fetching ? 'Descargando imagen...' : 'Ingresar URL'}
              </button>
            </div>
          ) : (
            <div className="field">
              <FilePicker
                ref={fileInput}
                label="Elegir imagen"
                hint={photoHint}
                id={`${id}-file`}
                file={file}
                onChange={onChoose}
                disabled={busy}
              />
              <button type="button" className="button" onClick={onUpload} disabled={busy}>
                {busy && progress !== null ? 'Cargando...' : hasImage ? 'Reemplazar foto' : 'Cargar imagen'}
              </button>
            </div>
          )}
          <ProgressBar value={progress} label="Progreso de la carga" />
          <div aria-live="polite" className="message-slot">
            {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
          </div>
        </div>
      </div>
    </section>
  );
}
