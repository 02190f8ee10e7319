import { useEffect, useId, useRef, useState, type ChangeEvent, type BaseSyntheticEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { ClientProfile } from '@encanto/core/accounts';
import { formatLongDate } from '@encanto/core/chile-time';
import { limits } from '@encanto/core/constants';
import { inputFilters } from '@encanto/core/fields';
import { msg } from '@encanto/core/messages';
import {
  clientUpdateSchema,
  isDefaultAvatar,
  profileMessageMs,
  profilePhotoFormSchema,
  type ClientUpdate,
} from '@encanto/core/profiles';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { hasStoredSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import {
  deleteProfilePhoto,
  updateClientData,
  uploadProfilePhoto,
  useProfileImage,
  useRefreshProfile,
} from '../api/profile.ts';
import { FilePicker } from '../../../components/file-picker.tsx';
import { newPhotoProblem, photoFileProblem, photoHint, planImageDelete } from '../profile-rules.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';

/**
 * 'ACTUALIZAR DATOS' of a client: identity read-only; phone and image url only
 * while 'Editar Teléfono e Imagen' is ticked; a photo from the device with
 * 'Buscar imagen en mi equipo'; Eliminar Imagen, Cargar imagen, Modificar.
 */
export function ClientDataForm({ profile }: { profile: ClientProfile }) {
  const id = useId();
  const refresh = useRefreshProfile();
  const image = useProfileImage('cliente', profile.nickname);
  const [editing, setEditing] = useState(false);
  const [fromDevice, setFromDevice] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const { busy, run } = useAction(refresh);
  const [message, show] = useTimedMessage(profileMessageMs);
  const fileInput = useRef<HTMLInputElement>(null);

  // The default avatar is ours, not an address the client typed: the field shows it empty.
  const shownUrl = isDefaultAvatar(profile.url) ? '' : profile.url;
  const form = useSchemaForm<ClientUpdate>(clientUpdateSchema, {
    // An empty url field keeps the current image (the default avatar).
    prepare: (values) => ({ ...values, url: values.url.trim() || profile.url }),
    defaultValues: { rut_cliente: profile.rut_cliente, fono: profile.fono, url: shownUrl },
  });
  const { register, handleSubmit, formState, reset } = form;
  // 'Cargar imagen' is its own small form: the picked file, on the profile photo rule.
  const fileForm = useSchemaForm(profilePhotoFormSchema(msg.fileAndNicknameRequired));
  const file = useWatch({ control: fileForm.control, name: 'archivo' }) ?? null;
  const seed = form.seed;
  const errors = formState.errors;

  // After an upload or delete the stored url changes: show it in the url field.
  useEffect(() => {
    form.setValue('url', shownUrl);
  }, [form, shownUrl]);

  const act = async (work: () => Promise<string>, fallback: string) => {
    await run(work, {
      onSuccess: (text) => show('success', text),
      onError: (err) => show('error', errorText(err, fallback)),
    });
    setProgress(null);
  };

  const onModify = handleSubmit((values) => {
    if (!hasStoredSession()) return show('error', msg.noToken);
    void act(async () => {
      const res = await updateClientData(values);
      reset({ ...values, url: isDefaultAvatar(values.url) ? '' : values.url });
      setEditing(false);
      return res.mensaje;
    }, msg.dataUpdateOrImageError);
  });

  // The spec's order: a file and a nickname, then 'delete the current one first', then the file's rule.
  const onUpload = (e?: BaseSyntheticEvent) =>
    fileForm.handleSubmit(
      ({ archivo }) => {
        if (!profile.nickname) return show('error', msg.fileAndNicknameRequired);
        const problem = newPhotoProblem(image.data);
        if (problem) return show('error', problem);
        setProgress(0);
        return act(async () => {
          const res = await uploadProfilePhoto('cliente', profile.nickname, archivo, setProgress);
          fileForm.reset();
          if (fileInput.current) fileInput.current.value = '';
          return res.mensaje;
        }, msg.imageUploadError);
      },
      (errors) =>
        show(
          'error',
          (file && profile.nickname && newPhotoProblem(image.data)) ||
            (firstErrorOf(errors) ?? msg.fileAndNicknameRequired),
        ),
    )(e);

  const onDelete = () => {
    const plan = planImageDelete(image.data, profile.nickname);
    if ('error' in plan) return show('error', plan.error);
    void act(
      async () => (await deleteProfilePhoto('cliente', profile.nickname, plan.publicId)).mensaje,
      msg.imageDeleteError,
    );
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    fileForm.setValue('archivo', chosen ?? (undefined as never));
    const problem = chosen ? photoFileProblem(chosen) : null;
    if (problem) show('error', problem);
  };

  const fono = register('fono');
  const hasImage = image.data !== undefined && image.data.origen !== 'predeterminada';
  const fieldError = (name: keyof ClientUpdate) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <section className="form-card profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>ACTUALIZAR DATOS</h2>
      <form className="form profile-form" onSubmit={(e) => void onModify(e)} noValidate>
        <div className="profile-grid">
          <div className="field">
            <label htmlFor={`${id}-nombre`}>Nombre</label>
            <input id={`${id}-nombre`} value={profile.nombre} readOnly />
          </div>
          <div className="field">
            <label htmlFor={`${id}-alias`}>Alias</label>
            <input id={`${id}-alias`} value={profile.apellido} readOnly />
          </div>
          <div className="field">
            <label htmlFor={`${id}-fecha`}>Fecha de Nacimiento</label>
            <input id={`${id}-fecha`} value={formatLongDate(profile.fecha_nac)} readOnly />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Correo Electrónico</label>
            <input id={`${id}-email`} value={profile.email} readOnly />
          </div>
        </div>

        <label className="checkbox">
          <input type="checkbox" checked={editing} onChange={(e) => setEditing(e.target.checked)} />
          Editar Teléfono e Imagen
        </label>
        <div className="profile-grid">
          <div className="field">
            <label htmlFor={`${id}-fono`}>Teléfono</label>
            <input
              id={`${id}-fono`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              disabled={!editing}
              {...fono}
              {...seed('fono')}
              onChange={(e) => {
                e.target.value = inputFilters.phone(e.target.value);
                void fono.onChange(e);
              }}
              {...(errors.fono ? { 'aria-invalid': true, 'aria-describedby': `${id}-fono-error` } : {})}
            />
            {fieldError('fono')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-url`}>URL de la Imagen</label>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              placeholder="https://"
              disabled={!editing}
              {...register('url')}
              {...seed('url')}
              aria-describedby={`${id}-url-hint${errors.url ? ` ${id}-url-error` : ''}`}
              {...(errors.url ? { 'aria-invalid': true } : {})}
            />
            <p id={`${id}-url-hint`} className="field-hint">
              {msg.imageUrlHint(limits.profilePhotoMaxBytes / (1024 * 1024))}
            </p>
            {fieldError('url')}
          </div>
        </div>

        <label className="checkbox">
          <input type="checkbox" checked={fromDevice} onChange={(e) => setFromDevice(e.target.checked)} />
          Buscar imagen en mi equipo
        </label>
        {fromDevice ? (
          <FilePicker
            ref={fileInput}
            label="Elegir imagen"
            hint={photoHint}
            id={`${id}-file`}
            file={file}
            onChange={onChoose}
            disabled={busy}
          />
        ) : null}
        {hasImage ? <p className="field-hint">{msg.deleteImageFirst}</p> : null}

        <ProgressBar value={progress} label="Progreso de la carga" />
        <div aria-live="polite" className="message-slot">
          {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
        </div>
        <div className="profile-actions">
          <button
            type="button"
            className="button button-danger"
            onClick={onDelete}
            disabled={busy || !hasImage}
          >
            <Icon name="trash" size={18} />
            Eliminar Imagen
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void onUpload()}
            disabled={busy || !fromDevice}
          >
            <Icon name="image" size={18} />
            Cargar imagen
          </button>
          <button type="submit" className="button" disabled={busy || !editing}>
            Modificar
          </button>
        </div>
      </form>
    </section>
  );
}
