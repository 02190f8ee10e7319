import { useId, useRef, useState, type ChangeEvent, type BaseSyntheticEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { escortUrlFormSchema, profileMessageMs, profilePhotoFormSchema } from '@encanto/core/profiles';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
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
  // Two small forms on the API's rules: the typed address ('Ingresar URL') and the picked file.
  const urlForm = useSchemaForm(escortUrlFormSchema, { defaultValues: { url: '' } });
  const fileForm = useSchemaForm(profilePhotoFormSchema(msg.noFileOrNickname));
  const file = useWatch({ control: fileForm.control, name: 'archivo' }) ?? null;
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

  const onUrl = (e?: BaseSyntheticEvent) =>
    urlForm.handleSubmit(
      ({ url }) => {
        if (!nickname) return show('error', msg.nicknameMissing);
        const problem = newPhotoProblem(current);
        if (problem) return show('error', problem);
        // The server downloads the picture now, which can take a few seconds: say so on the button.
        setFetching(true);
        return act(async () => {
          const res = await updateEscortUrl(nickname, url);
          urlForm.reset();
          return res.mensaje;
        }, msg.imageUploadError).then(() => setFetching(false));
      },
      (errors) =>
        show('error', nickname ? (firstErrorOf(errors) ?? msg.imageUrlRequired) : msg.nicknameMissing),
    )(e);

  const onUpload = (e?: BaseSyntheticEvent) =>
    fileForm.handleSubmit(
      ({ archivo }) => {
        if (!nickname) return show('error', msg.noFileOrNickname);
        setProgress(0);
        return act(async () => {
          // Upload and swap in one call: the current photo stays until the new one is stored.
          const res = await replaceProfilePhoto(nickname, archivo, setProgress);
          fileForm.reset();
          if (fileInput.current) fileInput.current.value = '';
          return res.mensaje;
        }, msg.imageUploadError);
      },
      (errors) => show('error', firstErrorOf(errors) ?? msg.noFileOrNickname),
    )(e);

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    fileForm.setValue('archivo', chosen ?? (undefined as never));
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
          {current?.revision ? (
            // A held photo (decision 0177): she sees it, and why it is not on her card yet.
            <p className="message gallery-hold-note photo-hold-note" role="note">
              <strong>{current.revision === 'en_revision' ? 'En revisión' : 'Retirada'}:</strong>{' '}
              {current.motivo_revision}
            </p>
          ) : null}
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
                {...urlForm.keep('url', { filter: (v) => v.trim() })}
                aria-describedby={`${id}-url-hint`}
              />
              <p id={`${id}-url-hint`} className="field-hint">
                {msg.imageUrlHint(limits.profilePhotoMaxBytes / (1024 * 1024))}
              </p>
              <button type="button" className="button" onClick={() => void onUrl()} disabled={busy}>
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
              <button type="button" className="button" onClick={() => void onUpload()} disabled={busy}>
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
